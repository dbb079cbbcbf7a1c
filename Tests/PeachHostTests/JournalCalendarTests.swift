import PeachJournal
import Testing

/// Dates as the journal reads them, and a month laid out as a wall calendar.
struct JournalCalendarTests {
    @Test(arguments: ["2026-02-30", "2026-13-01", "2026-00-10", "2026-11-31", "2025-02-29", "tomorrowish", "2026-1-01", "2026-11-1", "+026-11-01",
                      "2026-11-01 ", ""])
    func datesThatDoNotExistAreErrorsCarryingTheText(_ text: String) {
        #expect(throws: JournalError.noSuchDate(text)) { try JournalDate.parse(text, today: JournalDate(days: 0)) }
    }

    @Test func realDatesTodayAndYesterday() throws {
        let today = try JournalDate.parse("2024-03-01", today: JournalDate(days: 0))
        #expect(try JournalDate.parse("2024-02-29", today: today).description == "2024-02-29")
        #expect(try JournalDate.parse("yesterday", today: today).description == "2024-02-29")
        #expect(try JournalDate.parse("Today", today: today) == today)
        #expect(today.weekday == 4)  // a Friday
        #expect(try JournalMonth.parse("2026-12").adding(months: 1).description == "2027-01")
        #expect(try JournalMonth.parse("2026-01").adding(months: -1).description == "2025-12")
        for text in ["2026-13", "2026-1", "26-11", "2026-11-01"] {
            #expect(throws: JournalError.noSuchMonth(text)) { try JournalMonth.parse(text) }
        }
        #expect(JournalEntry.minute(parsing: "23:59") == 1439)
        #expect(JournalEntry.minute(parsing: "24:00") == nil)
        #expect(JournalEntry.minute(parsing: "9:30") == nil)
    }

    @Test func aMonthIsWeeksFromMondayWithItsMarks() throws {
        // November 2026 begins on a Sunday and has 30 days: six weeks.
        let month = try JournalMonth.parse("2026-11")
        let day = { (number: Int64) in month.firstDay.adding(days: number - 1) }
        let activity = MonthActivity(month: month, notes: [day(3): 2, day(30): 1, day(31): 5], answers: [day(3): 40, day(1): 0, month.firstDay.adding(days: -1): 9],
                                     recordings: [day(16): ["2026-11-16 18.00"]])
        let grid = CalendarGrid(activity)
        #expect(grid.weeks.count == 6)
        #expect(grid.weeks.allSatisfy { $0.count == 7 })
        #expect(grid.weeks[0].map { $0?.date.civil.day } == [nil, nil, nil, nil, nil, nil, 1])
        #expect(grid.weeks[5].map { $0?.date.civil.day } == [30, nil, nil, nil, nil, nil, nil])
        #expect(grid.weeks[1][1]?.activity == DayActivity(notes: 2, answers: 40))
        #expect(grid.weeks[3][0]?.activity == DayActivity(recordings: ["2026-11-16 18.00"]))
        #expect(grid.weeks[5][0]?.activity == DayActivity(notes: 1))
        // Counts outside the month and zero counts mark nothing.
        #expect(activity.activeDays == [day(3), day(16), day(30)])
        #expect(grid.position(of: day(3))! == (1, 1))
        #expect(grid.position(of: day(30))! == (5, 0))
        #expect(grid.position(of: day(31)) == nil)
        // February 2021 begins on a Monday and fills exactly four weeks.
        #expect(CalendarGrid(MonthActivity(month: try JournalMonth.parse("2021-02"))).weeks.count == 4)
    }
}

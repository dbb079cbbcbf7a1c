import ArgumentParser
import PeachHost
import PeachText

extension TakeOrder: WordArgument {}

/// `peach record list`: the takes, newest first (or `--sort`), with start, length and size;
/// entries that are not takes apart, with why. `--trash` lists the trash.
struct RecordListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: localized(.helpRecordListAbstract),
        discussion: localized(.helpRecordListDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach record list
              peach record list --search bach
              peach record list --sort length
              peach record list --date 2026-11-25
              peach record list --date 2026-11 --json
              peach record list --trash
            """)

    @Option(help: ArgumentHelp(localized(.helpRecordListSearch), valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp(localized(.helpRecordListDate), valueName: "YYYY-MM-DD"))
    var date: String?

    @Option(help: ArgumentHelp(localized(.helpRecordListSort), valueName: "date|name|length|size"))
    var sort: TakeOrder?

    @Flag(help: ArgumentHelp(localized(.helpRecordListJSON)))
    var json = false

    @Flag(help: ArgumentHelp(localized(.helpRecordListTrash)))
    var trash = false

    @OptionGroup var recordings: RecordingsOptions

    func validate() throws {
        if let date, TakeDate(parsing: date) == nil { throw ValidationError(localized(.recordDateInvalid, date)) }
        // The trash is listed by when each take was deleted: a take's date and its order do not apply there.
        if trash && (date != nil || sort != nil) { throw ValidationError(localized(.recordTrashListOptions)) }
    }

    func run() throws {
        let library = try recordings.open()
        if trash { return try listTrash(library) }
        let listing = library.list()
        if let unreadable = listing.unreadable { throw unreadable }
        let takes = (sort ?? .date).sorted(TakeLibrary.filter(listing.takes, text: search, date: date.flatMap(TakeDate.init(parsing:))))
        if json {
            print(try CommandJSON.line(Listed(takes: takes.map(Listed.Entry.init), damaged: listing.damaged.map(Listed.Damaged.init))))
            return
        }
        if takes.isEmpty {
            print(localized(listing.takes.isEmpty ? .recordListEmpty : .recordListNone))
        } else {
            print(localized(.recordListColumns))
            for take in takes {
                print(LocalCalendar.system.minuteText(Double(take.startTime)) + "  " + TakeLength.text(take.seconds).padding(7, left: true) + "  "
                      + FileSize.text(take.bytes).padding(8, left: true) + "  " + take.format.rawValue.uppercased().padding(6) + "  " + take.name)
            }
        }
        if !listing.damaged.isEmpty {
            print("\n" + localized(.recordListDamaged))
            for entry in listing.damaged { print("  " + entry.path + ": " + said(entry.damage)) }
        }
    }

    private func listTrash(_ library: TakeLibrary) throws {
        let trashed = library.trashed().filter { TakeLibrary.name($0.name, holds: search) }
        if json { return print(try CommandJSON.line(trashed.map(Trashed.init))) }
        guard !trashed.isEmpty else { return print(localized(search == nil ? .recordTrashEmpty : .recordListNone)) }
        print(localized(.recordTrashColumns))
        for take in trashed { print(LocalCalendar.system.minuteText(Double(take.deletedAt)) + "  " + take.name) }
    }

    /// What `--trash --json` prints for each take in the trash.
    struct Trashed: Encodable {
        var name, path, format: String
        var deleted: Int64

        init(_ take: TrashedTake) { (name, path, format, deleted) = (take.name, take.path, take.format.rawValue, take.deletedAt) }
    }

    /// What `--json` prints: each take, and each entry that is not one.
    struct Listed: Encodable {
        var takes: [Entry]
        var damaged: [Damaged]

        struct Entry: Encodable {
            var name, path, format: String
            var start: Int64
            var seconds: Double
            var channels, sampleRate: Int
            var bytes: Int64

            init(_ take: Take) {
                (name, path, format, start) = (take.name, take.path, take.format.rawValue, take.startTime)
                (seconds, channels, sampleRate, bytes) = (take.seconds, take.channels, take.sampleRate, take.bytes)
            }
        }

        struct Damaged: Encodable {
            var path, reason: String

            init(_ entry: DamagedEntry) { (path, reason) = (entry.path, said(entry.damage)) }
        }
    }
}

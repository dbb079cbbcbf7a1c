import Foundation
import Glibc
import PeachAudio
import PeachRecordings
import PeachTestSupport
import Testing

/// The recordings library without a process around it: names, dates, the
/// writer's syncing, and recovery of a partial file cut at any byte.
@Suite struct TakeLibraryTests {
    @Test func namesRefuseWhatWouldHideMoveOrBreakATake() throws {
        for (name, error) in [("", RecordingError.nameEmpty), ("a/b", .nameHasSlash("a/b")), (".x", .nameStartsWithDot(".x")),
                              ("a\nb", .nameHasControlCharacter("a\nb")), ("-x", .nameStartsWithDash("-x")), (" x", .nameHasOuterSpace(" x")),
                              ("x\u{A0}", .nameHasOuterSpace("x\u{A0}"))] {
            #expect(throws: error) { try TakeName.check(name) }
        }
        try TakeName.check("Scales, slow: 60 BPM")
        setenv("TZ", "UTC", 1)
        tzset()
        #expect(TakeName.defaultName(startingAt: 1_795_618_402) == "2026-11-25 14-53-22")
    }

    @Test func datesAreRealDaysAndMonthsInLocalTime() {
        setenv("TZ", "UTC", 1)
        tzset()
        let day = TakeDate(parsing: "2026-11-25")
        #expect(day?.start == 1_795_564_800 && day?.end == 1_795_651_200)
        #expect(TakeDate(parsing: "2026-12")?.end == 1_798_761_600, "December ends with the year")
        #expect(TakeDate(parsing: "2026-12-31")?.end == 1_798_761_600)
        for bad in ["2026-02-30", "2026-13", "2026-1-5", "26-11-25", "2026-11-25-1", "today"] { #expect(TakeDate(parsing: bad) == nil, "\(bad)") }
        #expect(TakeDate(year: 2026, month: 11, day: 25) == day)
    }

    /// A writer syncs each second of audio; a partial cut anywhere (half a
    /// frame, a header's sizes never updated) is repaired to whole frames,
    /// but only once no writer holds it.
    @Test func aPartialTakeIsRecoveredToItsLastWholeFrameOnceItsWriterIsGone() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = TakeLibrary(dataDirectory: folder.path)
        let samples = (0..<72_000).map { Float(sin(Double($0) * 0.05) * 0.5) }
        var writer: TakeWriter? = try TakeWriter(library: library, name: nil, format: .flac, sampleRate: 48_000, channels: 1, startTime: 1_795_618_402)
        try writer!.append(Array(samples.prefix(50_000)))
        #expect(writer!.syncedFrames == 50_000, "synced when a second had passed")
        try writer!.append(Array(samples[50_000...]))
        #expect(writer!.syncedFrames == 50_000 && writer!.frames == 72_000)
        let partial = writer!.partialPath
        #expect(library.recoverInterrupted().isEmpty, "a writer still holds it")
        #expect(library.isTaken(writer!.name))
        writer = nil  // as a kill leaves it: the header says 50,000 frames, the file holds 72,000
        let handle = try #require(FileHandle(forWritingAtPath: partial))
        handle.seekToEndOfFile()
        handle.write(Data([1, 2]))  // half a frame cut by the power loss
        try handle.close()

        let recovered = library.recoverInterrupted()
        #expect(recovered.count == 1 && recovered.first?.seconds == 1.5)
        let take = try #require(library.list().takes.first)
        #expect(take.frames == 72_000 && take.format == .flac && take.startTime == 1_795_618_402)
        #expect(try SoundFileReader(path: take.path).readAll()[0].elementsEqual(samples) { abs($0 - $1) < 1.0 / 8_388_608 })
        #expect(access(partial, F_OK) != 0)
    }

    /// What a calendar asks: the takes of a local day, by the start time in
    /// their files, which a rename keeps.
    @Test func aDaysTakesAreFoundByTheStartInTheirFilesEvenRenamed() throws {
        setenv("TZ", "UTC", 1)
        tzset()
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = TakeLibrary(dataDirectory: folder.path)
        for (start, format) in [(1_795_618_402, TakeFormat.flac), (1_795_704_802, .wav)] {  // 25 and 26 November 2026
            let writer = try TakeWriter(library: library, name: nil, format: format, sampleRate: 48_000, channels: 2, startTime: Int64(start))
            try writer.append([Float](repeating: 0.25, count: 9_600))
            #expect(try writer.finish().format == format)
        }
        let day = try #require(TakeDate(year: 2026, month: 11, day: 25))
        let first = try #require(library.takes(on: day).first)
        #expect(library.takes(on: day).count == 1 && first.name == "2026-11-25 14-53-22" && first.channels == 2 && first.frames == 4_800)
        let renamed = try library.rename(first, to: "Lesson")
        #expect(library.takes(on: day) == [renamed] && renamed.startTime == 1_795_618_402)
        #expect(library.list().takes.map(\.name) == ["2026-11-26 14-53-22", "Lesson"], "newest first")
        #expect(TakeLibrary.filter(library.list().takes, text: "LESS", date: TakeDate(parsing: "2026-11")) == [renamed])
    }

    /// Two takes of one name deleted within the same second: the one deleted
    /// last is restored first, whichever order the folder lists them in.
    @Test func theLastDeletedComesBackFirstEvenWithinOneSecond() throws {
        for formats in [[TakeFormat.wav, .flac], [.flac, .wav]] {
            let folder = TemporaryDirectory()
            defer { folder.remove() }
            let library = TakeLibrary(dataDirectory: folder.path)
            for format in formats {
                let writer = try TakeWriter(library: library, name: "Sonata", format: format, sampleRate: 48_000, channels: 1, startTime: 1_795_618_402)
                try writer.append([Float](repeating: 0.25, count: 4_800))
                _ = try writer.finish()
                try library.delete(#require(library.list().takes.first), now: 1_795_700_000)
            }
            #expect(library.trashed().map(\.format) == formats.reversed(), "deleted \(formats), trash lists \(library.trashed())")
            #expect(try library.restore(#require(library.trashed().first)).format == formats.last)
        }
    }
}

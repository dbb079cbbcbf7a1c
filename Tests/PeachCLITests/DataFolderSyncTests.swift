import Foundation
import PeachAudio
import PeachHistory
import PeachHost
import PeachTestSupport
import Testing

/// A data folder kept in step between machines by a file-sync tool: each
/// machine appends only to its own history file, so two machines training at
/// once lose nothing and never conflict, even when a file is copied while it
/// is being written.
@Suite struct DataFolderSyncTests {
    struct Profile: Decodable {
        struct Note: Decodable { var note: Int; var threshold: Double; var answers: Int }
        var answers: Int
        var notes: [Note]
    }

    /// Starts `peach train --headless --no-audio` as `machine` on `folder`, answering `count` pairs.
    static func startTraining(_ machine: String, in folder: String, answers count: Int, seed: Int) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.peach)
        process.arguments = ["train", "--headless", "--no-audio", "--data-dir", folder, "--seed", "\(seed)"]
        process.environment = ProcessInfo.processInfo.environment.merging(["PEACH_MACHINE": machine]) { $1 }
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(String(repeating: "higher\nlower\n", count: count / 2).utf8))
        try input.fileHandleForWriting.close()
        return process
    }

    static func profile(_ folder: String) throws -> Profile {
        let result = try Shell.run([BuildProducts.peach, "profile", "--json", "--data-dir", folder])
        do {
            return try JSONDecoder().decode(Profile.self, from: Data(result.standardOutput.utf8))
        } catch {
            // Seen once in a full run and never alone: what was printed is the only lead.
            Issue.record("peach profile --json exited \(result.status), printed:\n\(result.standardOutput)\nand on stderr:\n\(result.standardError)")
            throw error
        }
    }

    static func copy(_ source: String, to target: String, bytes: Int? = nil) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.prefix(bytes ?? data.count).write(to: URL(fileURLWithPath: target))
    }

    @Test func twoMachinesTrainingAtOnceLoseNothing() throws {
        let root = TemporaryDirectory()
        defer { root.remove() }
        let laptop = root.path + "/laptop", desktop = root.path + "/desktop"
        // Both train at the same time, each in its own copy of the folder.
        let first = try Self.startTraining("laptop", in: laptop, answers: 60, seed: 1)
        let second = try Self.startTraining("desktop", in: desktop, answers: 80, seed: 2)
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        let desktopFile = desktop + "/history/desktop.jsonl"
        let desktopBytes = try Data(contentsOf: URL(fileURLWithPath: desktopFile))

        // The sync tool copies the desktop's file while the desktop is still writing: the copy ends mid-line.
        let torn = desktopBytes.count - 40
        try Self.copy(desktopFile, to: laptop + "/history/desktop.jsonl", bytes: torn)
        let completeLines = desktopBytes.prefix(torn).filter { $0 == 0x0A }.count
        #expect(try Self.profile(laptop).answers == 60 + completeLines, "every complete line counts; the torn one is skipped")

        // The laptop trains on meanwhile: it appends to its own file only, and leaves the copy alone.
        let more = try Self.startTraining("laptop", in: laptop, answers: 20, seed: 3)
        more.waitUntilExit()
        #expect(more.terminationStatus == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: laptop + "/history/desktop.jsonl")) == desktopBytes.prefix(torn))

        // The sync completes both ways; snapshots and locks are per machine, so nothing collides.
        try Self.copy(desktopFile, to: laptop + "/history/desktop.jsonl")
        try Self.copy(laptop + "/history/laptop.jsonl", to: desktop + "/history/laptop.jsonl")
        try Self.copy(desktop + "/profile/desktop.json", to: laptop + "/profile/desktop.json")
        try Self.copy(laptop + "/profile/laptop.json", to: desktop + "/profile/laptop.json")
        let onLaptop = try Self.profile(laptop), onDesktop = try Self.profile(desktop)
        #expect(onLaptop.answers == 160 && onDesktop.answers == 160, "nothing lost, nothing counted twice")
        #expect(onLaptop.notes.map(\.threshold) == onDesktop.notes.map(\.threshold), "both machines see the same profile")

        // A conflict copy left by the sync tool repeats answers; they count once.
        try Self.copy(desktopFile, to: laptop + "/history/desktop.sync-conflict-20261121-101010-ABCDEF.jsonl")
        #expect(try Self.profile(laptop).answers == 160)
        let history = try HistoryStore(directory: laptop).readAll()
        #expect(history.answers.count == 160)
        // Even equal answers within one millisecond (a fast script) are all kept, once.
        let ownLines = try String(contentsOfFile: laptop + "/history/laptop.jsonl", encoding: .utf8).split(separator: "\n").count
        #expect(ownLines == 80 && history.answers.count == ownLines + 80)
    }

    @Test func copiesAreTiedToTheMachineTheyCopy() {
        let names = ["desktop.jsonl", "desktop.sync-conflict-20261121-101010-ABCDEF.jsonl", "desktop (conflicted copy 2026-11-21).jsonl",
                     "desk.jsonl", "host.lan.jsonl", "host.lan.import-1763700000.jsonl", "laptop.jsonl"]
        #expect(names.map { HistoryStore.writer(of: $0, among: names) }
                == ["desktop", "desktop", "desktop", "desk", "host.lan", "host.lan", "laptop"])
    }

    @Test func aKilledImportLeavesNoTemporaryFileForTheSyncToolToSpread() throws {
        let root = TemporaryDirectory()
        defer { root.remove() }
        let data = root.path + "/data", history = data + "/history"
        // Big enough that writing its temporary file takes a while (10 MB, synced to the disk).
        let lines = (0..<40_000).map { HistoryLine.encode(answer(1_790_000_000 + Double($0), note: 48 + $0 % 25)) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: root.file("big.jsonl")))
        try FileManager.default.createDirectory(atPath: history, withIntermediateDirectories: true)
        let environment = ["PEACH_MACHINE": "laptop", "XDG_DATA_HOME": root.path, "XDG_CONFIG_HOME": root.path, "XDG_CACHE_HOME": root.path]
        let importer = Process()
        importer.executableURL = URL(fileURLWithPath: BuildProducts.peach)
        importer.arguments = ["import", root.file("big.jsonl"), "--data-dir", data]
        importer.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        importer.standardOutput = FileHandle.nullDevice
        importer.standardError = FileHandle.nullDevice
        try importer.run()
        // The moment its temporary file appears, the import is killed mid-write.
        var temporary: String?
        while importer.isRunning && temporary == nil {
            temporary = (try? FileManager.default.contentsOfDirectory(atPath: history))?.first { $0.contains(".tmp-") }
        }
        kill(importer.processIdentifier, SIGKILL)
        importer.waitUntilExit()
        let left = try #require(temporary, "the import finished before its temporary file was seen")
        #expect(importer.terminationReason == .uncaughtSignal)
        #expect(left.hasPrefix("laptop.import-") && left.hasSuffix(".jsonl.tmp-\(importer.processIdentifier)"), "\(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: history) == [left], "left behind, as a kill leaves it")

        let next = try Shell.run([BuildProducts.peach, "stats", "--data-dir", data], environment: environment)
        #expect(next.status == 0, "\(next.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: history).isEmpty, "removed at the next start")
    }
}

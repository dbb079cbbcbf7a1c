import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// The settings file: checked key by key, written atomically, never
/// overwritten when it cannot be read, unknown keys kept.
@Suite struct SettingsStoreTests {
    static func write(_ text: String, in folder: TemporaryDirectory) throws -> String {
        let path = folder.file("settings.json")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aMissingFileMeansDefaultsAndSavingCreatesIt() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/config/peach/settings.json"
        let store = try SettingsStore(path: path)
        #expect(store.number(.noteDuration) == 1 && store.number(.pause) == 0 && store.number(.reference) == 440)
        #expect(store.text(.range) == "adaptive" && store.flag(.bell) && store.text(.source) == "org.peach.sine")
        try store.set(.reference, to: .number(442.5))
        try store.setSourceOption(source: "org.peach.sine", key: "gain", value: "0.3")
        let reread = try SettingsStore(path: path)
        #expect(reread.number(.reference) == 442.5)
        #expect(reread.sourceOptions(for: "org.peach.sine").map { "\($0.key)=\($0.value)" } == ["gain=0.3"])
        #expect(reread.isSet(.reference) && !reread.isSet(.style))
    }

    @Test func unknownKeysSurviveEveryChange() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try Self.write(#"{"style": 0.25, "from-a-newer-peach": {"x": [1, true, null]}}"#, in: folder)
        let store = try SettingsStore(path: path)
        try store.set(.bell, to: .bool(false))
        try store.reset(nil)
        let saved = try JSONDecoder().decode([String: JSONValue].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(saved == ["from-a-newer-peach": .object(["x": .array([.number(1), .bool(true), .null])])])
    }

    @Test(arguments: [
        ("note-duration", JSONValue.number(5), "5 is outside 0.3 to 3 s"),
        ("note-duration", .number(0.35), "0.35 is not a multiple of 0.1 s"),
        ("reference", .number(439.95), "439.95 is not a multiple of 0.1 Hz"),
        ("bell", .string("loud"), "expected on or off (on/off, true/false, yes/no, an/aus, ja/nein; true or false in the file), found the text \"loud\""),
        ("range", .string("C9-C2"), "'C9-C2' goes beyond the piano: C9 is not a key Peach trains; the keys go from A0 to C8"),
        ("range", .string("C5-C3"), "'C5-C3' runs downwards, so it holds no key: write the lower key first (C3-C5)"),
        ("range", .string("C4"), "'C4' is not a range: write adaptive or LOW-HIGH"),
        ("language", .string("fr"), "'fr' is not one of auto, en, de"),
    ])
    func aBadValueIsRefusedAndChangesNothing(key: String, value: JSONValue, reason: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = try Self.write("{\n  \"style\": 0.25\n}\n", in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try SettingsStore(path: path)
        #expect {
            try store.set(Setting.named(key)!, to: value)
        } throws: { error in
            (error as? SettingsError)?.words.contains(reason) == true && (error as? SettingsError)?.words.contains(key) == true
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aBadFileNamesTheLineAndIsNeverOverwritten() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cases: [(String, String)] = [
            ("{\n  \"bell\": false,\n  \"style\": 0.5\n  \"pause\": 0\n}\n", "line 4, column 3: expected ',' or '}'"),
            ("{\n  \"bell\": false,\n  \"pause\": \"none\"\n}\n", "line 3: pause: expected a number, found the text \"none\""),
            ("[1, 2]", "must hold one JSON object"),
            ("{\"source-options\": {\"org.peach.sine\": {\"gain\": 0.3}}}", "source-options: expected an object of source ids"),
        ]
        for (text, expected) in cases {
            let path = try Self.write(text, in: folder)
            #expect {
                _ = try SettingsStore(path: path)
            } throws: { error in
                let words = (error as? SettingsError)?.words ?? ""
                return words.contains(expected) && words.contains(path)
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "left as it was")
        }
    }

    @Test func theConfigFolderFollowsXDG() throws {
        #expect(try SettingsStore.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/a"]) == "/x/config/peach/settings.json")
        #expect(try SettingsStore.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.config/peach/settings.json")
        #expect(throws: SettingsError.noConfigDirectory) { try SettingsStore.defaultPath(environment: [:]) }
    }

    /// A change keeps the file's mode (0644 became 0600), and a file made
    /// read-only (chmod 444) is left as it is, with the reason (it was replaced).
    @Test func aChangeKeepsTheModeAndLeavesAReadOnlyFile() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("settings.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{\"bell\": true}\n".utf8)))
        #expect(chmod(path, 0o644) == 0)
        try SettingsStore(path: path).set(.reference, to: .number(442))
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o644)
        #expect(chmod(path, 0o444) == 0)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        #expect(throws: SettingsError.cannotWrite(path: path, reason: .file(.readOnly(path: path)))) {
            try SettingsStore(path: path).set(.reference, to: .number(415))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o444)
    }

    /// A settings file far larger than settings take (a synced or planted
    /// gigabyte) is refused by its size, not read into memory, and left as it is.
    @Test func aHugeFileIsRefusedByItsSize() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("settings.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)))
        #expect(truncate(path, off_t(SettingsStore.sizeLimit + 1)) == 0)
        #expect(throws: SettingsError.tooLarge(path: path, bytes: SettingsStore.sizeLimit + 1, limit: SettingsStore.sizeLimit)) {
            try SettingsStore(path: path)
        }
        #expect(throws: SettingsError.self) { try SettingsStore(mending: path).set(.bell, to: .bool(false)) }

        // Nor is one written larger than it may be read: the next command would refuse it.
        let padded = folder.file("padded.json")
        let padding = String(repeating: "x", count: SettingsStore.sizeLimit - 15)  // the file 4 bytes under the limit; written back, over it
        #expect(FileManager.default.createFile(atPath: padded, contents: Data("{\"note\":\"\(padding)\"}".utf8)))
        let before = try Data(contentsOf: URL(fileURLWithPath: padded))
        #expect(throws: SettingsError.self) { try SettingsStore(path: padded).set(.reference, to: .number(442)) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: padded)) == before)
        var status = stat()
        #expect(stat(path, &status) == 0 && Int(status.st_size) == SettingsStore.sizeLimit + 1)
    }

    @Test func aSymlinkedFileIsWrittenThroughToItsTarget() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder.path + "/dotfiles", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: folder.path + "/config/peach", withIntermediateDirectories: true)
        try "{\"style\": 0.25}\n".write(toFile: folder.path + "/dotfiles/peach.json", atomically: true, encoding: .utf8)
        // A relative link, as dotfile managers make them, through a second link.
        try fm.createSymbolicLink(atPath: folder.path + "/dotfiles/current.json", withDestinationPath: "peach.json")
        let path = folder.path + "/config/peach/settings.json"
        try fm.createSymbolicLink(atPath: path, withDestinationPath: "../../dotfiles/current.json")
        try SettingsStore(path: path).set(.reference, to: .number(442))
        #expect(try fm.destinationOfSymbolicLink(atPath: path) == "../../dotfiles/current.json", "the link stays a link")
        #expect(try fm.destinationOfSymbolicLink(atPath: folder.path + "/dotfiles/current.json") == "peach.json")
        let target = try SettingsStore(path: folder.path + "/dotfiles/peach.json")
        #expect(target.number(.reference) == 442 && target.number(.style) == 0.25)

        // A link to a file not made yet leads to where it will be.
        let dangling = folder.path + "/config/peach/other.json"
        try fm.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/dotfiles/new.json")
        try SettingsStore(path: dangling).set(.bell, to: .bool(false))
        #expect(try fm.destinationOfSymbolicLink(atPath: dangling) == folder.path + "/dotfiles/new.json")
        #expect(try SettingsStore(path: folder.path + "/dotfiles/new.json").flag(.bell) == false)

        // A link into a folder that is not there: refused, and no folder is made for it (it made `nowhere/` and a file in it).
        let astray = folder.path + "/config/peach/astray.json"
        try fm.createSymbolicLink(atPath: astray, withDestinationPath: folder.path + "/nowhere/x.json")
        #expect(throws: SettingsError.self) { try SettingsStore(path: astray).set(.bell, to: .bool(false)) }
        #expect(!fm.fileExists(atPath: folder.path + "/nowhere"))
    }
}

import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// Files Peach writes for the user (a WAV, an SVG, a CSV): complete or not
/// there at all, never replacing a file with a failure, with the user's umask.
@Suite struct OutputFileTests {
    /// `peach` with `arguments` under `umask`, with XDG folders of its own in `folder`.
    static func peach(_ arguments: [String], umask: String = "022", in folder: TemporaryDirectory) throws -> Shell.Output {
        let quoted = arguments.map { "'" + $0 + "'" }.joined(separator: " ")
        return try Shell.run(["sh", "-c", "umask \(umask) && exec '\(BuildProducts.peach)' \(quoted)"],
                             environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data"),
                                           "XDG_CACHE_HOME": folder.file("cache")])
    }

    @Test func aFailedPlayLeavesTheFileItWouldHaveReplaced() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let keep = folder.file("keep.wav"), plugins = folder.file("plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try CPlugin.build(BrokenPluginTests.fixture, named: "libfails", in: plugins, defines: ["PROCESS_ERROR"])
        let before = Data("a recording the user made".utf8)
        try before.write(to: URL(fileURLWithPath: keep))
        let failed = try Self.peach(["play", "A4", "--plugin-path", plugins, "--source", "org.peach.test.fixture", "--wav", keep], in: folder)
        #expect(failed.status == 1 && failed.standardError.contains("synth engine gave up"), "\(failed.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: keep)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["keep.wav", "plugins"], "no temporary file is left")

        let played = try Self.peach(["play", "A4", "--duration", "0.1", "--wav", keep], in: folder)
        #expect(played.status == 0, "\(played.standardError)")
        #expect(try WavFile.read(path: keep).frameCount >= 4800, "a render that succeeds replaces it")
    }

    @Test(arguments: [("022", 0o644), ("077", 0o600)])
    func exportsTakeTheUsersUmask(umask: String, mode: Int) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let wav = folder.file("a.wav"), svg = folder.file("p.svg"), csv = folder.file("h.csv")
        for arguments in [["play", "A4", "--duration", "0.1", "--wav", wav], ["profile", "--svg", svg], ["export", "--csv", csv]] {
            let result = try Self.peach(arguments, umask: umask, in: folder)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        for file in [wav, svg, csv] {
            let permissions = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(permissions == mode, "\(file): \(String(permissions ?? 0, radix: 8))")
        }
    }

    @Test func aBadPathIsNamedAsTheUserGaveIt() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        for (arguments, path) in [(["profile", "--svg", "/nonexistent-folder/p.svg"], "/nonexistent-folder/p.svg"),
                                  (["export", "--csv", "/nonexistent-folder/h.csv"], "/nonexistent-folder/h.csv")] {
            let result = try Self.peach(arguments, in: folder)
            #expect(result.status != 0)
            #expect(result.standardError.contains("cannot write \(path): No such file or directory"), "\(result.standardError)")
            #expect(!result.standardError.contains(".tmp-"), "\(result.standardError)")
        }
    }
}

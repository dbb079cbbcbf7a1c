import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// `make install` into a staging folder, from the build the tests run (the
/// same recipe `make install` runs after its release build), then the
/// installed program used from there, then `make uninstall`.
@Suite struct InstallTests {
    static let installed = ["bin/peach", "lib/peach/plugins/libPeachSineSource.so", "lib/peach/plugins/libPeachFluidSource.so",
                            "lib/peach/plugins/libPeachMidiOutSource.so", "lib/peach/plugins/libPeachClickSource.so",
                            "lib/peach/plugins/libPeachSampleSource.so", "share/man/man1/peach.1", "share/man/de/man1/peach.1",
                            "share/bash-completion/completions/peach", "share/zsh/site-functions/_peach",
                            "share/fish/vendor_completions.d/peach.fish"]

    static func make(_ target: String, stage: TemporaryDirectory) throws -> Shell.Output {
        try Shell.run(["make", "-s", "-C", BuildProducts.packageRoot, target, "BUILT=" + BuildProducts.directory,
                       "DESTDIR=" + stage.path, "PREFIX=/usr"])
    }

    @Test func installedPeachFindsItsPluginsAndUninstallRemovesEverything() throws {
        let stage = TemporaryDirectory("peach-install"), home = TemporaryDirectory("peach-install-home")
        defer { stage.remove(); home.remove() }
        let install = try Self.make("install-built", stage: stage)
        #expect(install.status == 0, "\(install.standardError)")
        let prefix = stage.path + "/usr/"
        for file in Self.installed { #expect(FileManager.default.isReadableFile(atPath: prefix + file), "\(file)") }

        // The installed program finds the sine source in the installed plugin folder, not in the build folder.
        let environment = ["XDG_CONFIG_HOME": home.file("config"), "XDG_DATA_HOME": home.file("data"), "XDG_CACHE_HOME": home.file("cache")]
        let sources = try Shell.run([prefix + "bin/peach", "sources", "--json"], environment: environment)
        #expect(sources.status == 0, "\(sources.standardError)")
        let list = try JSONSerialization.jsonObject(with: Data(sources.standardOutput.utf8)) as! [String: Any]
        let sine = (list["sources"] as! [[String: Any]]).first { $0["id"] as? String == "org.peach.sine" }
        #expect(sine?["library"] as? String == PluginPath.canonical(prefix + "lib/peach/plugins/libPeachSineSource.so"), "\(sources.standardOutput)")

        // The pages render without a warning and hold every command, in both languages; the completions know the commands.
        // With what the help does not hold: the environment, the files and the exit statuses.
        for (page, words) in [("share/man/man1/peach.1", ["peach play", "--cents", "SYNOPSIS", "ENVIRONMENT XDG_CONFIG_HOME", "PEACH_PLUGIN_PATH", "PEACH_SOUNDFONT",
                                                          "FILES ~/.config/peach/settings.json", "EXIT STATUS 0 Done.", "64 A command or option"]),
                              ("share/man/de/man1/peach.1", ["peach play", "--cents", "BEFEHLE", "(Standard: 0)", "UMGEBUNG XDG_CONFIG_HOME",
                                                             "RÜCKGABEWERT 0 Fertig."])] {
            let man = try Shell.run(["man", "--warnings", "-E", "UTF-8", "-l", prefix + page], environment: ["MANWIDTH": "80"])
            #expect(man.status == 0 && man.standardError.isEmpty, "\(page): \(man.standardError)")
            let text = man.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for word in words { #expect(text.contains(word), "\(word) in \(page)") }
        }
        let bash = try Shell.run(["bash", "-c", "source \(prefix)share/bash-completion/completions/peach && complete -p peach"])
        #expect(bash.status == 0 && bash.standardOutput.contains("peach"), "\(bash.standardError)")
        #expect(try String(contentsOfFile: prefix + "share/fish/vendor_completions.d/peach.fish", encoding: .utf8).contains("sources"))

        let uninstall = try Self.make("uninstall", stage: stage)
        #expect(uninstall.status == 0, "\(uninstall.standardError)")
        let left = FileManager.default.enumerator(atPath: stage.path)!.compactMap { $0 as? String }.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: stage.file(name), isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(left.isEmpty, "\(left)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "lib/peach"), "Peach's own folder goes with it")
    }
}

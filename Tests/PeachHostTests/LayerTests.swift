import Foundation
import PeachAudio
import PeachTestSupport
import Testing

/// The layers of docs/ARCHITECTURE.md's target table, checked in the sources:
/// every `import` of every Swift file must be one its folder's row allows.
/// The table is read from the document, so the two cannot disagree.
@Suite struct LayerTests {
    struct Row {
        var folder: String
        var allowed: Set<String>
    }

    /// The rows of the "Targets and what each may import" table.
    static func rows() throws -> [Row] {
        let text = try String(contentsOfFile: BuildProducts.packageRoot + "/docs/ARCHITECTURE.md", encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Targets and what each may import").dropFirst().first)
        return section.split(separator: "\n").prefix { !$0.hasPrefix("## ") }.compactMap { line -> Row? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, cells[0].hasPrefix("`") else { return nil }
            return Row(folder: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                       allowed: Set(cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }))
        }
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(in source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { return nil }
            let module = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words[1]) && words.count >= 3
                ? words[2] : words[1]
            return String(module.split(separator: ".")[0])
        }
    }

    /// Which files break which row: "file: imports X, which its layer may not".
    static func violations(root: String, rows: [Row]) throws -> [String] {
        var found: [String] = []
        for row in rows {
            let folder = root + "/" + row.folder
            guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let path = row.folder + "/" + file
                // A file belongs to the row with the longest matching folder.
                guard rows.filter({ path.hasPrefix($0.folder + "/") }).max(by: { $0.folder.count < $1.folder.count })?.folder == row.folder else { continue }
                for module in imports(in: try String(contentsOfFile: folder + "/" + file, encoding: .utf8)) where !row.allowed.contains(module) {
                    found.append("\(path): imports \(module), which \(row.folder) may not")
                }
            }
        }
        return found
    }

    @Test func everyImportIsOneItsLayerAllows() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 8, "the table was read: \(rows.map(\.folder))")
        let found = try Self.violations(root: BuildProducts.packageRoot, rows: rows)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The check itself: a support file or the engine reaching up into the
    /// host, the training model reaching for sound, or a plugin importing the
    /// host, is named with its module; an allowed import is not.
    @Test func aForbiddenImportIsNamed() throws {
        let root = TemporaryDirectory()
        defer { root.remove() }
        for (folder, text) in [("Sources/PeachHost/System", "import Glibc\nimport PeachHost\n"), ("Sources/PeachHost/Audio/Engine", "import PeachSupport\nimport PeachHost\n"),
                               ("Sources/PeachHost/Training", "import PeachMusic\nimport PeachAudio\n"),
                               ("Plugins/SineSource", "@testable import PeachHost\nimport PeachPluginAPI\n")] {
            try FileManager.default.createDirectory(atPath: root.path + "/" + folder, withIntermediateDirectories: true)
            try text.write(toFile: root.path + "/" + folder + "/Some.swift", atomically: true, encoding: .utf8)
        }
        let found = try Self.violations(root: root.path, rows: try Self.rows())
        #expect(found.sorted() == ["Plugins/SineSource/Some.swift: imports PeachHost, which Plugins/SineSource may not",
                                   "Sources/PeachHost/Audio/Engine/Some.swift: imports PeachHost, which Sources/PeachHost/Audio may not",
                                   "Sources/PeachHost/System/Some.swift: imports PeachHost, which Sources/PeachHost/System may not",
                                   "Sources/PeachHost/Training/Some.swift: imports PeachAudio, which Sources/PeachHost/Training may not"], "\(found)")
    }
}

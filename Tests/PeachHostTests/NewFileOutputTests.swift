import Foundation
import PeachAudio
import PeachFiles
import PeachHost
import PeachTestSupport
import Testing

/// Files made for the user never take the place of another: one already at
/// the name is refused when the output opens, and one made meanwhile (a
/// sync, another program) stays when the render ends.
@Suite struct NewFileOutputTests {
    static func open(_ path: String) throws(AudioOutputError) -> AudioOutput {
        path.hasSuffix(".flac") ? try FlacFileOutput(path: path) : try WavFileOutput(path: path)
    }

    @Test(arguments: ["take.wav", "take.flac"])
    func aFileAlreadyThereIsRefusedWhenTheOutputOpens(name: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file(name), mine = Data("the user's own".utf8)
        try mine.write(to: URL(fileURLWithPath: path))
        #expect(throws: AudioOutputError.fileExists(path: path)) { _ = try Self.open(path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == mine)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
    }

    @Test(arguments: ["take.wav", "take.flac"])
    func aFileMadeMeanwhileStays(name: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file(name), theirs = Data("synced from another machine".utf8)
        let output = try Self.open(path)
        let block = [Float](repeating: 0.25, count: output.format.blockFrames)
        #expect(output.write(block, frames: block.count) == .written)
        try theirs.write(to: URL(fileURLWithPath: path))
        #expect(throws: AudioOutputError.fileExists(path: path)) { try output.finish() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == theirs)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name], "no temporary file is left")
    }

    @Test func aNewFileTakesTheNameOnceComplete() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("take.wav")
        let output = try WavFileOutput(path: path)
        let block = [Float](repeating: 0.25, count: output.format.blockFrames)
        _ = output.write(block, frames: block.count)
        #expect(!FileManager.default.fileExists(atPath: path))
        try output.finish()
        #expect(try WavFile.read(path: path).samples == [block.map(Double.init)])
    }

    @Test func aNewExportIsWrittenAndATakenNameRefused() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("history.csv")
        try AtomicFile.writeNew(Array("first\n".utf8), to: path)
        #expect(throws: HistoryError.exists(path: path)) { try AtomicFile.writeNew(Array("second\n".utf8), to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
        // A dangling link is a name taken too: writing would create its target elsewhere.
        let link = folder.file("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("elsewhere.csv"))
        #expect(throws: HistoryError.exists(path: link)) { try AtomicFile.writeNew(Array("third\n".utf8), to: link) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("elsewhere.csv")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["history.csv", "link.csv"])
    }
}

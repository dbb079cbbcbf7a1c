import Glibc
import PeachHost
import PeachJournal
import PeachSupport
import PeachText

/// The user's own text editor, run on a file of Peach's making: $VISUAL,
/// else $EDITOR, else vi, through the shell (as git and crontab do), so an
/// editor given with options (`code --wait`) works.
enum Editor {
    static func command(environment: [String: String] = Environment.current) -> String {
        for variable in ["VISUAL", "EDITOR"] {
            if let value = environment[variable], !value.trimmingWhitespace().isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on `path` on this terminal and waits for it to end.
    static func edit(_ path: String) throws {
        let command = command()
        var pid: pid_t = 0
        let script = command + " \"$1\""
        let words: [String] = ["sh", "-c", script, "sh", path]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let status = posix_spawn(&pid, "/bin/sh", nil, nil, arguments, environ)
        guard status == 0 else { throw Failure(localized(.journalEditorCannotStart, command, ErrnoText.describe(status))) }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        let exit = (waitStatus >> 8) & 0xff, signal = waitStatus & 0x7f
        guard signal == 0, exit == 0 else { throw Failure(localized(.journalEditorFailed, command, signal == 0 ? exit : 128 + signal)) }
    }

    /// A new private file in the temporary folder holding `bytes`, named for `label` so the editor shows what it is.
    static func temporaryFile(_ label: String, holding bytes: [UInt8]) throws -> String {
        let folder = Environment.current["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((folder + "/peach-journal-\(label)-XXXXXX.md").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 3) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else { throw Failure(said(HistoryError.cannotWrite(path: path, reason: ErrnoText.describe(errno)))) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw Failure(said(HistoryError.cannotWrite(path: path, reason: ErrnoText.describe(errno)))) }
        return path
    }
}

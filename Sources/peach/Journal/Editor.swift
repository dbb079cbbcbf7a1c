import Glibc
import PeachHost
import PeachJournal
import PeachSupport
import PeachText

/// The user's own text editor, run on a file of Peach's making: $VISUAL,
/// else $EDITOR, else vi, through the shell (as git and crontab do), so an
/// editor given with options (`code --wait`) works.
enum Editor {
    private static func command(environment: [String: String] = Environment.current) -> String {
        for variable in ["VISUAL", "EDITOR"] {
            if let value = environment[variable], !value.trimmingWhitespace().isEmpty { return value }
        }
        return "vi"
    }

    /// A new file in the temporary folder holding `bytes`, named for `label`, after the editor ran on it:
    /// its path and what it holds now. The file is the caller's to remove.
    static func edit(_ label: String, holding bytes: [UInt8]) throws -> (path: String, bytes: [UInt8]) {
        let command = command()
        // vi, chosen here, reads its keys from standard input: without a terminal there it would wait for ever.
        // An editor the user named may open a window of its own, and is run as named.
        guard command != "vi" || isatty(STDIN_FILENO) == 1 else { throw Failure(localized(.journalEditorNeedsTerminal)) }
        let path = try temporaryFile(label, holding: bytes)
        if let status = try run(command, on: path) {
            // Ended with an error (vim's `:cq` aborts so): nothing is taken, and the file goes unless the editor saved words in it.
            guard let saved = try? PosixFile.contents(of: path), saved != bytes else {
                unlink(path)
                throw Failure(localized(.journalEditorFailed, command, status))
            }
            throw Failure(localized(.journalEditorFailedKept, command, status, path))
        }
        return (path, try PosixFile.contents(of: path))
    }

    /// Runs the editor on `path` on this terminal and waits for it to end:
    /// nil, or the status it failed with. Meanwhile Ctrl-C and Ctrl-\ are the
    /// editor's: Peach ignores them (as git does), and the editor starts with
    /// them at their defaults.
    private static func run(_ command: String, on path: String) throws -> Int32? {
        let words: [String] = ["sh", "-c", command + " \"$1\"", "sh", path]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var ignore = sigaction(), interrupt = sigaction(), quit = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGINT, &ignore, &interrupt)
        sigaction(SIGQUIT, &ignore, &quit)
        defer {
            sigaction(SIGINT, &interrupt, nil)
            sigaction(SIGQUIT, &quit, nil)
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", nil, &attributes, arguments, environ)
        guard status == 0 else { throw Failure(localized(.journalEditorCannotStart, command, ErrnoText.describe(status))) }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        let exit = (waitStatus >> 8) & 0xff, signal = waitStatus & 0x7f
        return signal == 0 && exit == 0 ? nil : signal == 0 ? exit : 128 + signal
    }

    /// A new private file in the temporary folder holding `bytes`, named for `label` so the editor shows what it is.
    private static func temporaryFile(_ label: String, holding bytes: [UInt8]) throws -> String {
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

import Glibc
import PeachSupport

/// Runs programs with a shared deadline and collects their standard output.
/// Used to probe plugins in child processes, so a library that crashes or
/// hangs while being examined cannot take `peach` down with it.
struct ChildProcess {
    enum Outcome: Equatable {
        case exited(status: Int32, output: [UInt8])
        case killedBySignal(Int32)
        case timedOut
    }

    struct StartFailure: Error {
        let reason: String
    }

    let pid: pid_t
    private let outputFD: Int32

    /// Starts `arguments[0]` with the others, in this process's environment
    /// with `overrides` set; standard error is inherited, and `inheriting`
    /// descriptors become the child's 3, 4, 5 … in order.
    static func start(_ arguments: [String], overrides: [String: String] = [:], inheriting: [Int32] = []) throws(StartFailure) -> ChildProcess {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw StartFailure(reason: ErrnoText.describe(errno)) }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        // Copied above the targets first, so no dup2 overwrites a descriptor a later one still needs.
        let sources = inheriting.map { fcntl($0, F_DUPFD_CLOEXEC, 100) }
        defer { sources.forEach { close($0) } }
        for (index, descriptor) in sources.enumerated() { posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(3 + index)) }
        var pid: pid_t = 0
        let cArguments = arguments.map { strdup($0) } + [nil]
        let cEnvironment = Environment.current.merging(overrides) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        let status = posix_spawn(&pid, arguments[0], &actions, nil, cArguments, cEnvironment)
        close(pipeFDs[1])
        guard status == 0 else {
            close(pipeFDs[0])
            throw StartFailure(reason: "\(arguments[0]): \(ErrnoText.describe(status))")
        }
        return ChildProcess(pid: pid, outputFD: pipeFDs[0])
    }

    enum LineRead: Equatable {
        case line([UInt8])
        /// The child closed its output (it exited, or crashed).
        case closed
        case timedOut
    }

    /// The next line the child writes (without its newline), waiting until `deadline`
    /// (CLOCK_MONOTONIC nanoseconds). Bytes after the line stay in `pending` for the next call.
    func nextLine(deadline: UInt64, pending: inout [UInt8]) -> LineRead {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                defer { pending.removeSubrange(...newline) }
                return .line(Array(pending[..<newline]))
            }
            let remaining = Int64(deadline) - Int64(Monotonic.nanoseconds())
            guard remaining > 0 else { return .timedOut }
            var poller = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(remaining / 1_000_000 + 1, 1000))) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .closed }
            pending += chunk[..<count]
        }
    }

    /// Closes the output at once: for a child whose output nobody reads.
    func closeOutput() { close(outputFD) }

    /// Reaps the child, killing it if it has not exited by `deadline`.
    func waitForExit(deadline: UInt64) -> Outcome { reap(output: [], deadline: deadline) }

    /// Closes the output and reaps the child, killing it if it has not exited by `deadline`.
    func finish(deadline: UInt64) -> Outcome {
        defer { close(outputFD) }
        return reap(output: [], deadline: deadline)
    }

    /// Waits for the child to exit until the deadline, then kills it.
    private func reap(output: [UInt8], deadline: UInt64) -> Outcome {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return .timedOut }
            if Monotonic.nanoseconds() >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return .timedOut
            }
            usleep(100)  // a probe child exits within a few milliseconds of its last report
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited(status: (status >> 8) & 0xff, output: output) : .killedBySignal(signal)
    }
}

import Glibc

/// Runs a program with a deadline and collects its standard output. Used to
/// probe plugins in a child process, so a library that crashes or hangs while
/// being examined cannot take `peach` down with it.
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

    /// Starts `arguments[0]` with the others; standard error is inherited.
    static func start(_ arguments: [String]) throws(StartFailure) -> ChildProcess {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw StartFailure(reason: ErrnoText.describe(errno)) }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        var pid: pid_t = 0
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let status = posix_spawn(&pid, arguments[0], &actions, nil, cArguments, environ)
        close(pipeFDs[1])
        guard status == 0 else {
            close(pipeFDs[0])
            throw StartFailure(reason: "\(arguments[0]): \(ErrnoText.describe(status))")
        }
        return ChildProcess(pid: pid, outputFD: pipeFDs[0])
    }

    /// Reads output until the child closes it or `deadline` (CLOCK_MONOTONIC
    /// nanoseconds) passes, then reaps it; a child still running is killed.
    func finish(deadline: UInt64) -> Outcome {
        defer { close(outputFD) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let remaining = Int64(deadline) - Int64(Monotonic.nanoseconds())
            guard remaining > 0 else { return killAndReap() }
            var poller = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining / 1_000_000 + 1, 1000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(outputFD, $0.baseAddress, $0.count) }
            if count > 0 { output += chunk[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break  // end of output
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Self.outcome(status: status, output: output)
    }

    private func killAndReap() -> Outcome {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .timedOut
    }

    private static func outcome(status: Int32, output: [UInt8]) -> Outcome {
        let signal = status & 0x7f
        return signal == 0 ? .exited(status: (status >> 8) & 0xff, output: output) : .killedBySignal(signal)
    }
}

/// CLOCK_MONOTONIC time.
public enum Monotonic {
    public static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

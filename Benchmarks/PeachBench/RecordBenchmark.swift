import Foundation
import Glibc
import PeachTestSupport

/// Figure 15: `peach record` in real time. The input is ALSA's `file` PCM
/// reading a raw infile over the `null` device, which Peach paces to real
/// time as a sound card would; the take is written as FLAC and as WAV.
///   15a/b. CPU of the recording process while it records (from /proc, between
///       its first and its ninth second of audio), as a share of one core.
///   15c/d. The longest single write or sync of the take, and whether any
///       captured sample was dropped (the engine buffers 10 s).
/// Baseline: `arecord` writing the same PCM to a WAV file in the same run
/// (unpaced: alsa's file PCM has no clock, so its CPU is counted per second
/// of audio, the same unit as Peach's share of a core in real time).
struct RecordBenchmark {
    let releaseDirectory: String
    static let seconds = 10
    static let device = AlsaTestConfiguration.captureName

    func rows() throws -> [Row] {
        let temporary = TemporaryDirectory("peach-bench-record")
        defer { temporary.remove() }
        let folder = temporary.path
        let raw = folder + "/heard.raw"
        // A second more than recorded: alsa's file PCM starts the file again at its end.
        try AlsaTestConfiguration.writeSine(raw, frequency: 441, frames: (Self.seconds + 1) * 48_000, amplitude: 0.4)
        let environment = ProcessInfo.processInfo.environment.merging(try AlsaTestConfiguration.writeCapture(in: temporary, infile: raw)) { $1 }
            .merging(["XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data", "XDG_CACHE_HOME": folder + "/cache"]) { $1 }
        let baseline = try arecordCPU(folder: folder, environment: environment)
        var rows: [Row] = []
        for wav in [false, true] {
            let run = try record(wav: wav, folder: folder, environment: environment)
            let format = wav ? "WAV" : "FLAC"
            rows.append(.checked("15\(wav ? "b" : "a") Recording CPU, \(format), real time", target: "< 3 % of a core",
                                 measured: String(format: "%.2f %%", run.share), baseline: baseline, passes: run.share < 3))
            rows.append(.checked("15\(wav ? "d" : "c") Longest write stall, \(format)", target: "< 1 s, no sample dropped",
                                 measured: String(format: "%.1f ms, %d dropped", run.longestWrite, run.dropped),
                                 baseline: "engine buffer 10 s", passes: run.longestWrite < 1000 && run.dropped == 0))
        }
        return rows
    }

    /// Records `seconds` through the file PCM; CPU from /proc/PID/stat between the take's first and ninth second.
    private func record(wav: Bool, folder: String, environment: [String: String]) throws -> (share: Double, longestWrite: Double, dropped: Int) {
        let name = wav ? "bench-wav" : "bench-flac"
        let partial = folder + "/data/peach/recordings/.partial/\(name).\(wav ? "wav" : "flac").wav"
        let output = folder + "/\(name).json"
        let process = try Child(releaseDirectory + "/peach", ["record", "--input-device", Self.device, "--seconds", "\(Self.seconds)", "--json",
                                                              "--name", name] + (wav ? ["--wav"] : []), environment: environment, output: output)
        let secondBytes = 48_000 * 4
        func waitForPartial(_ seconds: Int) throws -> (ticks: Int, time: Double) {
            let deadline = Date().addingTimeInterval(30)
            while Self.size(partial) < 100 + seconds * secondBytes {
                guard Date() < deadline else { throw BenchError("the take did not reach \(seconds) s") }
                usleep(2_000)
            }
            return (try process.cpuTicks(), Date().timeIntervalSince1970)
        }
        let first = try waitForPartial(1), ninth = try waitForPartial(Self.seconds - 1)
        try process.wait()
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let share = Double(ninth.ticks - first.ticks) / ticksPerSecond / (ninth.time - first.time) * 100
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any] ?? [:]
        return (share, summary["longestWriteMilliseconds"] as? Double ?? .infinity, summary["droppedFrames"] as? Int ?? -1)
    }

    /// arecord's CPU seconds per second of audio, as a share of a core.
    private func arecordCPU(folder: String, environment: [String: String]) throws -> String {
        guard let arecord = ProcessRunner.find("arecord") else { return "arecord not installed" }
        let process = try Child(arecord, ["-q", "-D", Self.device, "-f", "S32_LE", "-r", "48000", "-c", "1", "-d", "\(Self.seconds)",
                                          folder + "/arecord.wav"], environment: environment, output: "/dev/null")
        let cpu = try process.wait()
        return String(format: "arecord to WAV %.2f %% (CPU per audio second)", cpu / Double(Self.seconds) * 100)
    }

    static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}

/// A child process started with posix_spawn (standard input from /dev/null,
/// so `peach record` runs without a terminal), its CPU read from /proc while
/// it runs and from wait4 when it ends.
private final class Child {
    let pid: pid_t
    let command: String

    init(_ program: String, _ arguments: [String], environment: [String: String], output: String) throws {
        command = ([program] + arguments).joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArguments = ([program] + arguments).map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, program, &actions, nil, cArguments, cEnvironment)
        guard status == 0 else { throw BenchError("cannot start \(program): \(String(cString: strerror(status)))") }
        pid = child
    }

    /// utime + stime so far, in clock ticks (/proc/PID/stat fields 14 and 15).
    func cpuTicks() throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name, which is in parentheses and may hold spaces.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])!
    }

    /// Waits for the exit; the CPU seconds it used. Fails unless it exited 0.
    @discardableResult
    func wait() throws -> Double {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        guard status == 0 else { throw BenchError("\(command) failed (wait status \(status))") }
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

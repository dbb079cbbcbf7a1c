import FoundationEssentials
import Glibc
import PeachSupport

/// What one plugin library offers, as found by probing it: its sources with
/// their options, and what was rejected. A probe runs in a child process
/// (`peach plugin-probe PATH`) and sends this back as JSON.
public struct ProbeReport: Codable, Sendable, Equatable {
    public struct Source: Codable, Sendable, Equatable {
        public var descriptor: SourceDescriptor
        public var options: [SourceOption]
    }

    public var path: String
    public var sources: [Source]
    public var rejections: [PluginRejection]
    public var unavailable: [SourceUnavailable] = []

    /// Loads the library into this process and describes it. Each source gets
    /// one instance, created and destroyed, to read its options and to prove
    /// that creating it works; a source whose `create` fails is unavailable.
    public static func probeInProcess(path: String, log: PluginLog? = nil) -> ProbeReport {
        let canonical = PluginPath.canonical(path) ?? path
        let library: PluginLibrary
        do {
            library = try PluginLibrary.load(path: canonical)
        } catch {
            return ProbeReport(path: canonical, sources: [], rejections: [error])
        }
        var report = ProbeReport(path: canonical, sources: [], rejections: [])
        for descriptor in library.sources {
            do {
                let instance = try library.makeInstance(of: descriptor.id, log: log)
                report.sources.append(Source(descriptor: descriptor, options: instance.options))
            } catch {
                switch error {
                case .unavailable(let unavailable): report.unavailable.append(unavailable)
                case .rejected(let rejection): report.rejections.append(rejection)
                case .unknown, .unpitched: break  // cannot be: the id is one the library lists
                }
            }
        }
        return report
    }

    /// The report as one line of JSON. Numbers JSON has no words for (an
    /// option's range a plugin gave as NaN or infinity, in its rejection) are
    /// written as the strings `nan`, `inf` and `-inf`, so every report can be sent.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// A report as `json` writes it.
    public static func decoding(_ bytes: [UInt8]) throws -> ProbeReport {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(ProbeReport.self, from: Data(bytes))
    }
}

/// Probes plugin libraries in child processes, one child per CPU core, each
/// taking its share of the libraries one after another, each library with a
/// deadline. Few children keep process starts (the larger part of the time)
/// down; a library that crashes or hangs its child is reported as such, and
/// a new child carries on with the libraries after it.
public struct PluginProber: Sendable {
    /// The `peach` program, which has the hidden `plugin-probe` command.
    public var executable: String
    /// How long one library may take to be probed.
    public var timeoutSeconds: Double
    /// Told the library's path when its probe has taken `slowSeconds` (a
    /// library that hangs held every command up for five silent seconds);
    /// called on a probing thread.
    public var onSlow: (@Sendable (String) -> Void)?
    public static let slowSeconds = 1.0
    public static let defaultTimeoutSeconds = 5.0

    public init(executable: String, timeoutSeconds: Double = defaultTimeoutSeconds, onSlow: (@Sendable (String) -> Void)? = nil) {
        self.executable = executable
        self.timeoutSeconds = timeoutSeconds
        self.onSlow = onSlow
    }

    public func probe(_ paths: [String]) -> [ProbeReport] {
        let children = max(1, min(paths.count, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        let shares = (0..<children).map { child in
            Array(paths[(child * paths.count / children)..<((child + 1) * paths.count / children)])
        }
        return shares.concurrentMap(probeInOrder).flatMap { $0 }
    }

    /// Probes `paths` in one child at a time, one after another.
    private func probeInOrder(_ paths: [String]) -> [ProbeReport] {
        var reports: [ProbeReport] = []
        while reports.count < paths.count {
            let remaining = Array(paths[reports.count...])
            let child: ChildProcess
            do {
                // A crashing plugin is reported in one line; the Swift runtime's backtrace would only bury it.
                // The child's reasons are data, worded here by the edge: no language to pass on.
                child = try ChildProcess.start([executable, "plugin-probe"] + remaining,
                                               overrides: ["SWIFT_BACKTRACE": "enable=no"])
            } catch {
                return reports + remaining.map { rejected($0, .probeCannotStart(error.reason)) }
            }
            reports += probeEach(remaining, in: child)
        }
        return reports
    }

    /// The reports `child` gives for `paths`, in order, until it stops; the
    /// library it stopped on (crashed, hung, or no report) is rejected with
    /// the reason, and the caller starts a new child for the rest.
    private func probeEach(_ paths: [String], in child: ChildProcess) -> [ProbeReport] {
        var reports: [ProbeReport] = []
        var pending: [UInt8] = []
        for path in paths {
            let started = Monotonic.nanoseconds()
            let deadline = started + UInt64(timeoutSeconds * 1e9), slow = started + UInt64(Self.slowSeconds * 1e9)
            var read = child.nextLine(deadline: min(slow, deadline), pending: &pending)
            if case .timedOut = read, slow < deadline {
                onSlow?(path)
                read = child.nextLine(deadline: deadline, pending: &pending)
            }
            switch read {
            case .line(let bytes):
                guard let report = try? ProbeReport.decoding(bytes) else {
                    _ = child.finish(deadline: 0)
                    return reports + [rejected(path, .probeNoReport)]
                }
                reports.append(report)
            case .timedOut:
                _ = child.finish(deadline: 0)
                return reports + [rejected(path, .probeTimeout(seconds: timeoutSeconds))]
            case .closed:
                let reason: PluginRejection.Reason = switch child.finish(deadline: deadline) {
                case .killedBySignal(let signal): .probeCrashed(signal: signal)
                // Ended before its report, whatever its status: the library called exit (exit(0) too).
                case .exited(let status, _): .probeExitStatus(status)
                case .timedOut: .probeTimeout(seconds: timeoutSeconds)
                }
                return reports + [rejected(path, reason)]
            }
        }
        _ = child.finish(deadline: Monotonic.nanoseconds() + UInt64(timeoutSeconds * 1e9))
        return reports
    }

    private func rejected(_ path: String, _ reason: PluginRejection.Reason) -> ProbeReport {
        ProbeReport(path: path, sources: [], rejections: [PluginRejection(path: path, reason: reason)])
    }
}

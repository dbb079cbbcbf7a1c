import FoundationEssentials
import Glibc

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
    public static func probeInProcess(path: String) -> ProbeReport {
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
                let instance = try library.makeInstance(of: descriptor.id)
                report.sources.append(Source(descriptor: descriptor, options: instance.options))
            } catch .unavailable(let unavailable) {
                report.unavailable.append(unavailable)
            } catch .rejected(let rejection) {
                report.rejections.append(rejection)
            } catch {
                report.rejections.append(PluginRejection(path: canonical, sourceID: descriptor.id, reason: error.description))
            }
        }
        return report
    }

    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}

/// Probes plugin libraries in child processes, all at once, each with a deadline.
public struct PluginProber: Sendable {
    /// The `peach` program, which has the hidden `plugin-probe` command.
    public var executable: String
    public var timeoutSeconds: Double

    public init(executable: String, timeoutSeconds: Double = 5) {
        self.executable = executable
        self.timeoutSeconds = timeoutSeconds
    }

    public func probe(_ paths: [String]) -> [ProbeReport] {
        let deadline = Monotonic.nanoseconds() + UInt64(timeoutSeconds * 1e9)
        var started: [(path: String, child: ChildProcess)] = []
        var failed: [String: ProbeReport] = [:]
        for path in paths {
            do {
                // A crashing plugin is reported in one line; the Swift runtime's backtrace would only bury it.
                // The child's reasons are in this run's language, whatever chose it.
                started.append((path, try ChildProcess.start([executable, "--lang", Language.current.rawValue, "plugin-probe", path],
                                                             overrides: ["SWIFT_BACKTRACE": "enable=no"])))
            } catch {
                failed[path] = ProbeReport(path: path, sources: [], rejections: [PluginRejection(path: path, reason: localized(.probeCannotStart, error.reason))])
            }
        }
        let outcomes = ChildProcess.finishAll(started.map(\.child), deadline: deadline)
        var reports = failed
        for (entry, outcome) in zip(started, outcomes) { reports[entry.path] = report(entry.path, outcome) }
        return paths.map { reports[$0]! }
    }

    private func report(_ path: String, _ outcome: ChildProcess.Outcome) -> ProbeReport {
        func rejected(_ reason: String) -> ProbeReport {
            ProbeReport(path: path, sources: [], rejections: [PluginRejection(path: path, reason: reason)])
        }
        switch outcome {
        case .exited(0, let output):
            guard let report = try? JSONDecoder().decode(ProbeReport.self, from: Data(output)) else {
                return rejected(localized(.probeNoReport))
            }
            return report
        case .exited(let status, _):
            return rejected(localized(.probeExitStatus, status))
        case .killedBySignal(let signal):
            return rejected(localized(.probeCrashed, Signal.name(signal)))
        case .timedOut:
            return rejected(localized(.probeTimeout, timeoutSeconds.compact))
        }
    }
}

enum Signal {
    static func name(_ number: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                      SIGILL: "SIGILL", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP"]
        return names[number] ?? localized(.probeSignal, number)
    }
}

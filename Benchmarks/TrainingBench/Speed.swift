import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachMusic
import PeachSupport
import PeachTraining

/// How fast Peach answers and rebuilds, and how much memory a rebuild takes.
enum Speed {
    struct AnswerTiming {
        var historyAnswers: Int
        var calls: Int
        var median, p95, p99, max, mean: Double  // milliseconds
    }

    struct RebuildTiming {
        var answers: Int
        var files: Int
        var megabytes: Double
        var readSeconds, fitSeconds: Double
        var totalSeconds: Double { readSeconds + fitSeconds }
        /// Peak resident set size of the process after the rebuild, and before it.
        var peakMB, peakBeforeMB: Double
    }

    /// A profile holding `historyAnswers` answers of an untrained listener,
    /// then `calls` timed steps of a session on it, each as the front ends
    /// take it: fitting to the sound's range (the sine's), the next pair, the answer.
    static func oneAnswer(historyAnswers: Int = 100_000, calls: Int = 2000) -> AnswerTiming {
        let keys = Protocol.keys
        var listener = SimulatedListener(ListenerSpec(kind: .untrained), keys: keys, seed: 99)
        var generator = SeededGenerator(seed: 4242)
        let profile = PerceptualProfile()
        profile.record(all: (0..<historyAnswers).lazy.map { _ in
            Self.simulatedAnswer(listener: &listener, keys: keys, generator: &generator)
        }.map { (note: $0.note, delta: abs($0.cents), direction: $0.direction, correct: $0.correct) })
        let session = TrainingSession(profile: profile, range: .manual(MIDINote(number: keys.lowerBound)!, MIDINote(number: keys.upperBound)!),
                                      selector: PairSelector(style: .standard, generator: SeededGenerator(seed: 7)))
        for _ in 0..<20 {  // warm-up
            let pair = session.nextPair()
            session.answer(pair, heard: listener.answer(pair))
        }
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(calls)
        for _ in 0..<calls {
            var pair: TrainingPair?
            let heard: PitchDirection
            let first = clock.measure {
                try! session.fit(to: 8...20_000, of: "org.peach.sine")
                pair = session.nextPair()
            }
            heard = listener.answer(pair!)  // the listener's own time is not Peach's
            let second = clock.measure { session.answer(pair!, heard: heard) }
            times.append((first + second).seconds * 1000)
        }
        return AnswerTiming(historyAnswers: historyAnswers, calls: calls, median: Stats.median(times), p95: Stats.quantile(times, 0.95),
                            p99: Stats.quantile(times, 0.99), max: times.max()!, mean: Stats.mean(times))
    }

    /// Writes a history of `answers` lines in the real format over two
    /// machines' files, then times what `peach` does at start: reading it with
    /// `HistoryStore.readEvidence()` and rebuilding the profile with
    /// `PersistentTraining.rebuild`. The files are removed afterwards.
    static func rebuild(answers: Int = 1_000_000) throws -> RebuildTiming {
        let peakBefore = peakResidentMB()
        var template = Array("/tmp/peach-training-bench-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw SpeedError.noTemporaryDirectory }
        let directory = String(cString: made)
        defer { removeTree(directory) }

        let bytes = try writeHistory(answers: answers, directory: directory, machines: ["laptop", "desktop"])
        let clock = ContinuousClock()
        let start = clock.now
        let store = try HistoryStore(directory: directory, machine: "laptop")
        let read = try store.readEvidence()
        let readDone = clock.now
        let profile = PersistentTraining.rebuild(read.evidence)
        let end = clock.now
        guard read.evidence.count == answers, profile.answerCount == answers else { throw SpeedError.lostAnswers(read.evidence.count) }
        return RebuildTiming(answers: answers, files: 2, megabytes: Double(bytes) / 1_048_576,
                             readSeconds: (readDone - start).seconds, fitSeconds: (end - readDone).seconds,
                             peakMB: peakResidentMB(), peakBeforeMB: peakBefore)
    }

    enum SpeedError: Error {
        case noTemporaryDirectory, cannotWrite(String), lostAnswers(Int)
    }

    /// Sessions of 300 answers, 2.5 s apart, alternating between the machines; returns the bytes written.
    private static func writeHistory(answers: Int, directory: String, machines: [String]) throws -> Int {
        let store = try HistoryStore(directory: directory, machine: machines[0])
        let files = try machines.map { machine -> UnsafeMutablePointer<FILE> in
            guard let file = fopen(store.historyDirectory + "/" + machine + ".jsonl", "w") else { throw SpeedError.cannotWrite(machine) }
            return file
        }
        var buffers = [[UInt8]](repeating: [], count: machines.count)
        var total = 0
        func flush(_ machine: Int) {
            total += buffers[machine].count
            _ = buffers[machine].withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, files[machine]) }
            buffers[machine].removeAll(keepingCapacity: true)
        }
        var listener = SimulatedListener(ListenerSpec(kind: .untrained), keys: Protocol.keys, seed: 5)
        var generator = SeededGenerator(seed: 55)
        let sessionLength = 300
        var time = 1_735_689_600.0  // 2025-01-01
        for index in 0..<answers {
            let machine = (index / sessionLength) % machines.count
            if index % sessionLength == 0 { time += 3600 }
            time += 2.5
            var answer = simulatedAnswer(listener: &listener, keys: Protocol.keys, generator: &generator)
            answer.time = time
            buffers[machine] += Array(HistoryLine.encode(answer).utf8)
            buffers[machine].append(0x0A)
            if buffers[machine].count > 1 << 20 { flush(machine) }
        }
        for machine in machines.indices {
            flush(machine)
            fclose(files[machine])
        }
        return total
    }

    /// An answer as training would give it: a random key, a difference near the threshold.
    private static func simulatedAnswer(listener: inout SimulatedListener, keys: ClosedRange<Int>,
                                        generator: inout SeededGenerator) -> TrainingAnswer {
        let note = MIDINote(number: Int.random(in: keys, using: &generator))!
        let size = quantizedDelta(listener.threshold(note.number) * exp(0.3 + 0.5 * SimulatedListener.gaussian(&generator)))
        let cents = Bool.random(using: &generator) ? size : -size
        let pair = TrainingPair(note: note, cents: cents, kind: .nearby)
        let heard = listener.answer(pair)
        return TrainingAnswer(time: 0, note: note, firstHz: Pitch.frequency(of: note), secondHz: Pitch.frequency(of: note, cents: cents),
                              cents: cents, answer: heard, correct: heard == pair.direction,
                              responseSeconds: Double(Int.random(in: 300...1500, using: &generator)) / 1000,
                              sourceID: "org.peach.sine", reference: Pitch.standardReference, noteSeconds: 1)
    }

    /// Peak resident set size of this process so far, in MB.
    static func peakResidentMB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    }

    private static func removeTree(_ path: String) {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name == "." || name == ".." { continue }
                removeTree(path + "/" + name)
            }
            closedir(directory)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

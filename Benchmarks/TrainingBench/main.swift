import Glibc
import PeachHost

let keys = 36...96
for kind in SimulatedListener.Kind.allCases {
    for slider in [0.0, 0.5, 1.0] {
        var rms: [Int: [Double]] = [:]
        var weak = 0.0, near = 0.0, count = 0.0
        for seed in 0..<4 {
            var listener = SimulatedListener(kind: kind, keys: keys, seed: UInt64(seed))
            let session = TrainingSession(range: .manual(MIDINote(number: 36)!, MIDINote(number: 96)!),
                                          selector: PairSelector(style: TrainingStyle(slider), generator: SeededGenerator(seed: UInt64(seed))))
            let weakest = Set(keys.sorted { listener.threshold($0) > listener.threshold($1) }.prefix(12))
            for n in 1...3000 {
                let pair = session.nextPair()
                if weakest.contains(pair.note.number) { weak += 1 }
                let ratio = abs(pair.cents) / listener.threshold(pair.note.number)
                if ratio >= 0.5 && ratio <= 2 { near += 1 }
                count += 1
                session.answer(pair, heard: listener.answer(pair))
                if [300, 1000, 3000].contains(n) {
                    let error = keys.map { k -> Double in let e = log(session.profile.estimate(MIDINote(number: k)!).threshold / listener.threshold(k)); return e * e }
                    rms[n, default: []].append((error.reduce(0, +) / Double(keys.count)).squareRoot())
                }
            }
        }
        let medians = [300, 1000, 3000].map { n -> Double in let values = rms[n]!.sorted(); return values[values.count / 2] }
        print(kind.rawValue, slider, medians, "weak", weak / count, "near", near / count)
    }
}

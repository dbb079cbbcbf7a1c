import Glibc
import PeachHost
let clock = ContinuousClock()
let keys = 36...96
let start = clock.now
var listener = SimulatedListener(kind: .untrained, keys: keys, seed: 1)
let session = TrainingSession(range: .manual(MIDINote(number: 36)!, MIDINote(number: 96)!), selector: PairSelector(style: TrainingStyle(0.5), generator: SeededGenerator(seed: 1)))
for n in 1...3000 {
    let pair = session.nextPair()
    session.answer(pair, heard: listener.answer(pair))
    if n % 1000 == 0 { print(n, clock.now - start) }
}

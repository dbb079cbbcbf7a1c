import Synchronization

/// Captured samples on their way from the render thread to the main thread
/// (a tuner, a recorder): a fixed-size single-producer, single-consumer ring
/// of interleaved floats. The render thread writes a block, never waiting;
/// what does not fit is dropped and counted, so a main thread that falls
/// behind loses the newest audio and knows how much.
final class CaptureRing: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Float>
    let capacity: Int
    private let written = Atomic<Int>(0)
    private let read = Atomic<Int>(0)
    /// Samples dropped because the ring was full.
    let dropped = Atomic<Int>(0)

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
        storage.initialize(repeating: 0, count: capacity)
    }

    deinit { storage.deallocate() }

    /// [audio-thread] Appends `count` samples, or drops them all if they do not fit.
    func write(_ samples: UnsafePointer<Float>, count: Int) {
        let head = written.load(ordering: .relaxed)
        guard capacity - (head - read.load(ordering: .acquiring)) >= count else {
            dropped.add(count, ordering: .relaxed)
            return
        }
        var done = 0
        while done < count {
            let at = (head + done) % capacity
            let run = min(count - done, capacity - at)
            (storage + at).update(from: samples + done, count: run)
            done += run
        }
        written.store(head + count, ordering: .releasing)
    }

    /// [main-thread] Takes everything written so far.
    func takeAll() -> [Float] {
        let tail = read.load(ordering: .relaxed)
        let count = written.load(ordering: .acquiring) - tail
        var samples = [Float](repeating: 0, count: count)
        for index in 0..<count { samples[index] = storage[(tail + index) % capacity] }
        read.store(tail + count, ordering: .releasing)
        return samples
    }
}

import Synchronization

/// A fixed-capacity single-producer, single-consumer queue of plain values.
/// Neither side allocates, locks or waits, so it can cross to and from the
/// audio thread: the main thread schedules events through one, and the audio
/// thread reports what happened through another.
final class SPSCRing<Element: BitwiseCopyable>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Element>
    private let capacity: Int
    /// Total pushed and total popped; their difference is the fill level.
    private let pushed = Atomic<Int>(0)
    private let popped = Atomic<Int>(0)

    init(capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// [producer] Returns false, dropping nothing already queued, when full.
    @discardableResult
    func push(_ element: Element) -> Bool {
        let head = pushed.load(ordering: .relaxed)
        guard head - popped.load(ordering: .acquiring) < capacity else { return false }
        (storage + head % capacity).initialize(to: element)
        pushed.store(head + 1, ordering: .releasing)
        return true
    }

    /// [consumer] The oldest element, left in place.
    func peek() -> Element? {
        let tail = popped.load(ordering: .relaxed)
        guard tail < pushed.load(ordering: .acquiring) else { return nil }
        return storage[tail % capacity]
    }

    /// [consumer] Removes and returns the oldest element.
    @discardableResult
    func pop() -> Element? {
        guard let element = peek() else { return nil }
        popped.store(popped.load(ordering: .relaxed) + 1, ordering: .releasing)
        return element
    }

    /// [either side] How many elements wait; a snapshot.
    var count: Int { pushed.load(ordering: .acquiring) - popped.load(ordering: .acquiring) }
}

import Dispatch

extension Array where Element: Sendable {
    /// `transform` of every element, spread over the cores; the results in order.
    public func concurrentMap<Transformed>(_ transform: @Sendable (Element) -> Transformed) -> [Transformed] {
        Array<Transformed>(unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each iteration initialises only its own slot.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (slots.baseAddress! + index).initialize(to: transform(self[index]))
            }
            initialized = count
        }
    }
}

/// Why a source was silenced while playing, with the source named: what the
/// render thread noticed and, when the source itself reported the failure,
/// its own reason (`last_error`).
public struct SourceFailure: Error, Equatable, Sendable {
    public var notice: EngineNotice
    public var sourceID: String
    public var libraryPath: String
    /// The source's `last_error`, for a failure it reported itself.
    public var reason: PluginReason?

    /// Nil for a notice that did not silence the source.
    public init?(_ notice: EngineNotice, of source: SourceInstance) {
        guard notice.silencedSource else { return nil }
        self.notice = notice
        sourceID = source.descriptor.id
        libraryPath = source.libraryPath
        reason = notice.reportedBySource ? source.lastError : nil
    }

}

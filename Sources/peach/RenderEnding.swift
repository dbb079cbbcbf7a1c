import ArgumentParser
import PeachAudio
import PeachHost
import PeachSupport

/// Ends a render to a file or device: `peach play`, and the drone and
/// metronome offline. A failed or stopped render keeps what was rendered
/// (a file never replaces another, so nothing is lost); a stop by signal exits as a shell reports it (130 for Ctrl-C, 143 SIGTERM, 129 SIGHUP);
/// notices are warned; a source that failed is said in full, naming it,
/// with its own reason if it gave one.
func finishRender(_ engine: AudioEngine, output: AudioOutput, notices: [EngineNotice]) throws {
    try engine.stop()
    if StopRequest.isRaised { throw ExitCode(StopRequest.exitStatus) }
    for notice in notices where !notice.endsRendering && !notice.silencedSource { StandardError.warning(said(notice)) }
    if let failure = notices.lazy.compactMap({ SourceFailure($0, of: engine.source) }).first {
        throw Failure(said(failure))
    }
    if let fatal = notices.first(where: { $0.endsRendering }) { throw Failure(said(fatal)) }
}

import Glibc
import PeachAudio
import PeachSupport
import PeachText

extension AudioOutputError: Worded {
    /// What went wrong, without what to do about it: the edge adds the remedy
    /// that fits where the user is (a flag on the command line, the settings
    /// screen in the interactive program).
    public func problem(in language: Language) -> String {
        switch self {
        case .noDevice(let name, let reason): language.text(.outputNoDevice, name, reason)
        case .unsupportedDevice(let name, let failure): language.text(.outputUnsupported, name, failure.text(in: language))
        case .cannotWriteFile(let path, let reason): language.text(.outputCannotWriteWAV, path, reason.text(in: language))
        case .closeFailed(let target, let reason): language.text(.outputCloseFailed, target, reason.text(in: language))
        case .fileExists(let path): language.text(.fileExists, path)
        }
    }

    /// The problem, with the command line's remedy.
    public func text(in language: Language) -> String {
        needsAnotherDevice ? language.text(.outputProblemAndRemedy, problem(in: language), language.text(.outputChooseWithFlag)) : problem(in: language)
    }
}

extension AudioOutputError.Reason: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .system(let words): words
        case .noReader: language.text(.outputNoReader)
        case .file(let error): error.text(in: language)
        }
    }
}

extension DeviceSetupFailure: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .noConfiguration(let reason): "\(language.text(.alsaNoConfiguration)) (\(reason))"
        case .notInterleaved(let reason): "\(language.text(.alsaNotInterleaved)) (\(reason))"
        case .noSampleFormat: language.text(.alsaNoSampleFormat)
        case .noChannelCount(let reason): "\(language.text(.alsaNoChannelCount)) (\(reason))"
        case .noRate(let rate, let reason): "\(language.text(.alsaNoRate, rate)) (\(reason))"
        case .refused(let reason): "\(language.text(.alsaRefused)) (\(reason))"
        }
    }
}

extension EngineNotice: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .sourceFailed(let frame): language.text(.noticeSourceFailed, frame)
        case .sourceProducedInvalidSamples(let frame): language.text(.noticeInvalidSamples, frame)
        case .sourceOverran(let frame): language.text(.noticeSourceOverran, frame)
        case .sourceSilent(let frequency, let frame, let milliseconds):
            language.text(.noticeSourceSilent, milliseconds, frequency.hertz(in: language), frame)
        // A pipe whose reader went away (`--wav - | head`) is no audio device.
        case .deviceLost(let code) where code == EPIPE: language.text(.noticeReaderGone, ErrnoText.describe(code))
        case .deviceLost(let code): language.text(.noticeDeviceLost, ErrnoText.describe(code))
        case .outputFailed(let code): language.text(.noticeOutputFailed, ErrnoText.describe(code))
        case .underrun(let frame): language.text(.noticeUnderrun, frame)
        case .lateEvents(let count, let frame): language.text(.noticeLateEvents, count, frame)
        case .sourceSwapped(let frame): language.text(.noticeSourceSwapped, frame)
        case .noteRefused(_, _, let frequency): language.text(.noticeNoteRefused, frequency.hertz(in: language))
        case .inputOverrun(let frame): language.text(.noticeInputOverrun, frame)
        case .inputEnded(let frame): language.text(.noticeInputEnded, frame)
        case .inputLost(let code): language.text(.noticeInputLost, ErrnoText.describe(code))
        case .inputFailed(let code): language.text(.noticeInputFailed, ErrnoText.describe(code))
        }
    }
}

extension EngineError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .outOfOrder(let frame, let after): language.text(.engineOutOfOrder, frame, after)
        case .queueFull: language.text(.engineQueueFull)
        case .noFreeTrack(let limit): language.text(.engineNoFreeTrack, limit)
        case .sourceFailed(let error): error.text(in: language)
        case .noTransport: language.text(.engineNoTransport)
        case .transportRate(let map, let output): language.text(.engineTransportRate, map, output)
        case .inputRate(let input, let output): language.text(.engineInputRate, input, output)
        case .inputLate: language.text(.engineInputLate)
        case .noteOutOfRange(let frequency, let lowest, let highest, let source):
            language.text(.engineNoteOutOfRange, source, lowest.hertz(in: language), highest.hertz(in: language), frequency.hertz(in: language))
        case .pairInexact(let pairs, let source, let timbre):
            pairs.worstCents.isFinite
                ? language.text(.enginePairInexact, source, timbre, ((pairs.worstCents * 1000).rounded() / 1000).compact(in: language),
                                pairs.firstFrequency.hertz(in: language), pairs.askedCents.compact(in: language))
                : language.text(.enginePairUnmeasured, source, timbre, pairs.firstFrequency.hertz(in: language),
                                pairs.askedCents.compact(in: language))
        }
    }
}

extension SourceFailure: Worded {
    public func text(in language: Language) -> String {
        let notice = notice.text(in: language)
        return reason.map { language.text(.sourceFailureSays, notice, sourceID, $0.text(in: language)) }
            ?? language.text(.sourceFailureNamed, notice, sourceID, libraryPath)
    }
}

extension PluginFault: Worded {
    public func text(in language: Language) -> String {
        switch kind {
        case .crashed(let signal): language.text(.pluginCrashedInProcess, sourceID, libraryPath, call.rawValue, SignalName.of(signal, in: language))
        case .hung: language.text(.pluginHungInProcess, sourceID, libraryPath, call.rawValue)
        }
    }
}

extension SourceError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .failed(let source, let action, let reason): language.text(.instanceFailed, source, action, reason.text(in: language))
        case .stopped(let source, let notice, let reason):
            language.text(.instanceFailed, source, "play", "\(notice.text(in: language)); \(reason.text(in: language))")
        }
    }
}

extension PluginReason: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .said(let words): words
        case .none: language.text(.pluginNoReason)
        case .notUTF8: language.text(.pluginErrorNotUTF8)
        case .bridge(let fault): fault.text(in: language)
        }
    }
}

extension BridgeFault: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .ended(let exit): language.text(.bridgeEnded, exit.text(in: language))
        case .timedOut(let milliseconds): language.text(.bridgeTimedOut, milliseconds)
        case .blockTooLarge(let frames, let channels, let events): language.text(.bridgeBlockTooLarge, frames, channels, events)
        }
    }
}

extension BridgeExit: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .signal(let signal): language.text(.bridgeSignal, signal, String(cString: strsignal(signal)))
        case .status(let status): language.text(.bridgeExitStatus, Int(status))
        case .killed: language.text(.bridgeKilled)
        }
    }
}

extension AudioInputError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .noDevice(let name, let reason): language.text(.inputNoDevice, name, reason)
        case .unsupportedDevice(let name, let failure): language.text(.inputUnsupported, name, failure.text(in: language))
        case .cannotReadFile(let path, let reason): language.text(.inputCannotRead, path, reason)
        case .emptyFile(let path): language.text(.inputCannotRead, path, language.text(.inputEmptyFile))
        }
    }
}

import PeachHost

/// A take stopped by an error (a full disk): what was kept, and why it stopped.
struct RecordingStopped: Error {
    let take: FinishedTake
    let reason: Error
}

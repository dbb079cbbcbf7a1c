/// Puts the answers of several history files into one time order.
enum AnswerMerge {
    /// All answers by time; equal times keep the order of `files`, then of
    /// lines within a file. Files already in time order (the usual case) are
    /// merged in one pass; one that is not (a clock set back) is sorted first.
    static func inTimeOrder<Element>(_ files: [[Element]], time: (Element) -> Double) -> [Element] {
        let sortedFiles = files.map { answers in
            zip(answers, answers.dropFirst()).allSatisfy { time($0) <= time($1) } ? answers
                : answers.enumerated().sorted { (time($0.element), $0.offset) < (time($1.element), $1.offset) }.map(\.element)
        }
        if sortedFiles.count == 1 { return sortedFiles[0] }
        var merged: [Element] = []
        merged.reserveCapacity(sortedFiles.reduce(0) { $0 + $1.count })
        var heads = sortedFiles.map(\.startIndex)
        while true {
            var earliest: Int?
            for file in sortedFiles.indices where heads[file] < sortedFiles[file].endIndex {
                if let best = earliest, time(sortedFiles[best][heads[best]]) <= time(sortedFiles[file][heads[file]]) { continue }
                earliest = file
            }
            guard let file = earliest else { return merged }
            merged.append(sortedFiles[file][heads[file]])
            heads[file] += 1
        }
    }
}

import Glibc
import PeachText

/// A signal as people know it (`SIGSEGV`), or its number in words.
enum SignalName {
    static func of(_ number: Int32, in language: Language) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                      SIGILL: "SIGILL", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP"]
        return names[number] ?? language.text(.probeSignal, number)
    }
}

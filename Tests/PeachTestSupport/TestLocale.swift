/// The locale of the programs a test starts, unless the test sets its own:
/// English whatever the machine's, so that tests comparing Peach's words see
/// the English ones. (An empty variable counts as unset.)
public enum TestLocale {
    public static let english = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]
}

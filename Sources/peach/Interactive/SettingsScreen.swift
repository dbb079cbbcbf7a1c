import Glibc
import PeachAudio
import PeachHost
import PeachSupport
import PeachText

/// The settings, edited in place from the start page: ↑↓ choose, ← →
/// change a number, a choice or a switch, Enter edits text, r resets, and
/// every change is saved at once. The current sound's own options follow the
/// Sound row. In plain mode each change is said in words instead of redrawn.
final class SettingsScreen {
    private enum Row {
        case setting(Setting)
        case sourceOption(SourceOption)
    }

    private let store: SettingsStore
    private let catalog: SourceCatalog
    /// Settings a command-line flag overrides for this run, with the flag.
    private let overridden: [String: String]
    private let input: TerminalInput
    private let screen: Screen?
    private let style: TerminalStyle
    private let writer = PlainWriter()
    private var selected = 0
    private var view = ScrollingPage()
    private var editing: String?
    private var message: String?
    /// Set when Peach must end while a chooser was open (a signal, the input closed).
    private var ended: ScreenExit?

    init(store: SettingsStore, catalog: SourceCatalog, overridden: [String: String], input: TerminalInput, screen: Screen?, style: TerminalStyle) {
        self.store = store
        self.catalog = catalog
        self.overridden = overridden
        self.input = input
        self.screen = screen
        self.style = style
    }

    /// The devices ALSA names (`peach devices`), to step through or choose from on a device row, read when first wanted.
    private var devices: [AudioDevice.Direction: [AudioDevice]] = [:]

    private func devices(_ direction: AudioDevice.Direction) -> [AudioDevice] {
        if let listed = devices[direction] { return listed }
        let listed = AudioDevice.list(direction)
        devices[direction] = listed
        return listed
    }

    private var sourceOptions: [SourceOption] {
        (try? catalog.entry(for: store.text(.source)))?.options ?? []
    }

    private var rows: [Row] {
        Setting.all.flatMap { setting -> [Row] in
            setting.key == Setting.source.key ? [.setting(setting)] + sourceOptions.map(Row.sourceOption) : [.setting(setting)]
        }
    }

    func run() -> ScreenExit {
        if screen == nil {
            writer.say(localized(.settingsPlainIntro))
            announce()
        }
        while true {
            screen?.show(lines())
            for event in input.next(timeout: nil) {
                if let exit = ScreenExit.leaving(on: event, screen: screen) { return exit }
                switch event {
                case .inputClosed, .signal: break
                case .key(let key):
                    if editing != nil { edit(key) } else if handle(key) { return .back }
                    if let ended { return ended }
                }
            }
        }
    }

    /// Returns true to go back.
    private func handle(_ key: Key) -> Bool {
        message = nil
        // What another terminal changed meanwhile is what a key steps from (it stepped from the value shown, and saved over the change).
        // A file that no longer reads keeps the values shown; a change then says why it cannot be saved.
        try? store.reload()
        switch key {
        case .escape, .interrupt, .character("q"), .character("Q"): return true
        case .up, .character("k"): move(-1)
        case .down, .character("j"): move(1)
        case .pageUp: move(-pageRows)
        case .pageDown: move(pageRows)
        case .home: move(-rows.count)
        case .end: move(rows.count)
        case .left, .character("h"), .character("-"): step(-1)
        case .right, .character("l"), .character("+"): step(1)
        case .enter: if !chooseByName() { startEditing() }
        case .character("r"), .character("R"): reset()
        default: break
        }
        return false
    }

    /// How far PgUp and PgDn move the choice: about a window's worth of rows.
    private var pageRows: Int { max(1, (screen?.size.rows ?? 0) - 8) }

    private func move(_ step: Int) {
        selected = max(0, min(rows.count - 1, selected + step))
        announce()
    }

    /// ← →: numbers by their step, choices and switches in turn, the sound through the sources.
    private func step(_ direction: Int) {
        switch rows[selected] {
        case .setting(let setting):
            switch setting.kind {
            case .number:
                save(setting, .number(setting.stepped(store.number(setting), by: direction)))
            case .bool:
                save(setting, .bool(!store.flag(setting)))
            case .choice(let choices):
                cycle(setting, through: choices, direction)
            case .text where setting.key == Setting.source.key:
                cycle(setting, through: catalog.sources.map(\.descriptor.id), direction)
            case .text where setting.deviceDirection != nil:
                cycle(setting, through: devices(setting.deviceDirection!).map(\.name), direction)
            case .text:
                startEditing()
            }
        case .sourceOption(let option):
            let current = currentValue(of: option)
            switch option.type {
            case .bool: saveOption(option, current == "true" ? "false" : "true")
            case .choice:
                let values = option.choices.map(\.value)
                let index = values.firstIndex(of: current) ?? 0
                saveOption(option, values[(index + direction + values.count) % values.count])
            default: startEditing()
            }
        }
    }

    /// Enter on the Sound row, a device row or on an option with choices: a list to pick
    /// from by name (`ListChooser`). False for a row without one.
    private func chooseByName() -> Bool {
        switch rows[selected] {
        case .setting(let setting) where setting.key == Setting.source.key:
            let timbres = Timbre.all(in: catalog)
            let id = store.text(.source)
            let saved = store.sourceOptions(for: id)
            let current = timbres.firstIndex { timbre in
                timbre.sourceID == id && timbre.choice.map { choice in
                    (saved.first { $0.key == choice.key }?.value ?? sourceOptions.first { $0.key == choice.key }?.defaultValue) == choice.value
                } ?? true
            }
            let chooser = ListChooser(title: localized(.chooserSoundTitle), entries: timbres.map(\.name), current: current, names: timbres.map(\.ownName))
            guard let index = pick(chooser) else { return true }
            let timbre = timbres[index]
            do {
                if timbre.sourceID != id { try store.set(.source, to: .string(timbre.sourceID)) }
                if let choice = timbre.choice { try store.setSourceOption(source: timbre.sourceID, key: choice.key, value: choice.value) }
            } catch {
                message = said(error)
            }
            selected = min(selected, rows.count - 1)
            announce()
        case .setting(let setting) where setting.deviceDirection != nil:
            let devices = devices(setting.deviceDirection!)
            let names = devices.map(\.name)
            let entries = devices.map { $0.description.isEmpty ? $0.name : "\($0.name)  \($0.description.split(separator: "\n").joined(separator: " · "))" }
            if let index = pick(ListChooser(title: setting.label, entries: entries, current: names.firstIndex(of: store.text(setting)))) {
                save(setting, .string(names[index]))
            }
        case .sourceOption(let option) where option.type == .choice:
            let values = option.choices.map(\.value)
            if let index = pick(ListChooser(title: option.name, entries: option.choices.map(\.label), current: values.firstIndex(of: currentValue(of: option)))) {
                saveOption(option, values[index])
            }
        default:
            return false
        }
        return true
    }

    /// Runs `chooser` in place of this screen: the entry taken, or nil.
    private func pick(_ chooser: ListChooser) -> Int? {
        switch chooser.run(input: input, screen: screen, style: style) {
        case .chosen(let index): return index
        case .cancelled: announce(); return nil
        case .ended(let exit): ended = exit; return nil
        }
    }

    /// The value after (or before) the current one in `values`; from the first if it is none of them.
    private func cycle(_ setting: Setting, through values: [String], _ direction: Int) {
        guard !values.isEmpty else { return }
        let index = values.firstIndex(of: store.text(setting)) ?? 0
        save(setting, .string(values[(index + direction + values.count) % values.count]))
    }

    private func startEditing() {
        switch rows[selected] {
        case .setting(let setting):
            switch setting.kind {
            case .text where setting.key != Setting.source.key: editing = store.text(setting)
            // A number may be typed too (442, 0.8 s, 800ms), as the footer's "Enter edit" says; it did nothing.
            case .number: editing = store.number(setting).compact
            default: return
            }
        case .sourceOption(let option):
            editing = currentValue(of: option)
        }
        if screen == nil { writer.say(localized(.settingsPlainEditing)) }
    }

    private func edit(_ key: Key) {
        switch key {
        case .escape, .interrupt:
            editing = nil
            announce()
        case .backspace:
            _ = editing?.popLast()
        case .character(let character):
            editing?.append(character)
        case .space:
            editing?.append(" ")
        case .enter:
            let text = editing ?? ""
            editing = nil
            switch rows[selected] {
            case .setting(let setting): save(setting, setting.parse(text))
            case .sourceOption(let option): saveOption(option, text)
            }
        default:
            break
        }
    }

    private func reset() {
        switch rows[selected] {
        case .setting(let setting):
            do { try store.reset(setting) } catch { message = said(error) }
        case .sourceOption(let option):
            do { try store.setSourceOption(source: store.text(.source), key: option.key, value: nil) } catch { message = said(error) }
        }
        announce()
    }

    private func save(_ setting: Setting, _ value: JSONValue) {
        do { try store.set(setting, to: value) } catch { message = said(error) }
        announce()
    }

    private func saveOption(_ option: SourceOption, _ value: String) {
        do {
            try option.validate(value)
            try store.setSourceOption(source: store.text(.source), key: option.key, value: value)
        } catch let error as SourceOptionError {
            message = said(error)
        } catch {
            message = said(error)
        }
        announce()
    }

    private func currentValue(of option: SourceOption) -> String {
        store.sourceOptions(for: store.text(.source)).first { $0.key == option.key }?.value ?? option.defaultValue
    }

    // MARK: Drawing

    private func label(_ row: Row) -> String {
        switch row {
        case .setting(let setting): setting.label
        case .sourceOption(let option): "  " + option.name
        }
    }

    private func value(_ row: Row) -> String {
        switch row {
        case .setting(let setting) where setting.key == Setting.source.key:
            let id = store.text(setting)
            return (try? catalog.entry(for: id)).map { "\($0.descriptor.name) (\(id))" } ?? localized(.settingsNotFound, id)
        case .setting(let setting):
            return setting.display(store.value(setting))
        case .sourceOption(let option):
            let current = currentValue(of: option)
            let shown = option.choices.first { $0.value == current }?.label ?? current
            return option.unit.isEmpty ? shown : "\(shown) \(option.unit)"
        }
    }

    private func allowed(_ row: Row) -> String {
        switch row {
        case .setting(let setting) where setting.key == Setting.source.key: localized(.settingsSourceCycle, catalog.sources.count)
        case .setting(let setting) where setting.deviceDirection != nil: localized(.settingsDeviceCycle, devices(setting.deviceDirection!).count)
        case .setting(let setting): setting.allowed
        case .sourceOption(let option):
            switch option.type {
            case .int, .number: option.range?.said(unit: option.unit) ?? ""
            case .bool: localized(.settingsOnOff)
            case .choice: localized(.settingsChoices, option.choices.count)
            case .text, .path: localized(.settingsText)
            }
        }
    }

    private func note(_ row: Row) -> String? {
        guard case .setting(let setting) = row, let flag = overridden[setting.key] else { return nil }
        return localized(.settingsOverridden, flag)
    }

    /// Title on top, the keys and any message at the foot of any window from
    /// 40×12; the rows scroll between them, following the chosen one.
    private func lines() -> [String] {
        guard let screen else { return [] }
        let width = screen.size.columns, roomy = screen.size.rows >= 20
        let pointer = style.unicode ? "▶" : ">"
        let title = "  " + style.strong(localized(.settingsTitle)), saved = localized(.settingsSavedNote)
        let top = (roomy ? [""] : []) + [title.cellWidth + 2 + saved.cellWidth <= width ? title + style.dim("  " + saved) : title] + (roomy ? [""] : [])
        let labelWidth = min(20, rows.map { label($0).cellWidth }.max()! + 2, width / 3)
        var body: [String] = []
        for (index, row) in rows.enumerated() {
            let chosen = index == selected
            var shown = chosen && editing != nil ? editing! + "_" : value(row)
            let note = note(row).map { "  " + $0 } ?? ""
            shown = (shown + note).ellipsized(to: width - 3 - labelWidth)
            if chosen && editing != nil { shown = style.inverse(shown) }
            let left = "\(chosen ? pointer : " ") \(label(row).ellipsized(to: labelWidth - 1).padding(labelWidth))\(shown)"
            body.append(" " + (chosen ? style.strong(left) : left))
            if chosen { body += [allowed(row)].wrapped(to: width - 6).map { "      " + style.dim($0) } }
        }
        var bottom = (roomy ? [""] : []) + [localized(.settingsKeys)].wrapped(to: width - 2).map { style.dim("  " + $0) }
        if let message { bottom += [message].wrapped(to: width - 2).map { "  " + style.bad($0) } }
        let shown = ScrollingPage.bodyRows(rows: screen.size.rows, top: top.count, bottom: bottom.count, bodyCount: body.count)
        let allowedLines = body.count - rows.count
        view.reveal(selected + allowedLines, shown: shown)
        view.reveal(selected, shown: shown)
        return view.lines(top: top, body: body, bottom: bottom, rows: screen.size.rows, style: style)
    }

    /// Plain mode: the chosen row, its value and range, in words.
    private func announce() {
        guard screen == nil else { return }
        if let message { writer.say(message) }
        let row = rows[selected]
        writer.say("\(label(row).trimmingWhitespace()): \(value(row)). \(allowed(row)).\(note(row).map { " \($0)." } ?? "")")
    }
}

/// UIKit's `UIKeyCommand`: a key (with modifiers) that runs an action when pressed on a
/// hardware keyboard or keypad. A responder lists its commands in `keyCommands`; when a key
/// goes down, the application looks for a matching command from the first responder up the
/// responder chain (or from the controller presented on top, when the first responder is not
/// inside it: a modal presentation takes the keys, as UIKit's does) before the press is
/// delivered. A matched key's press is consumed: neither `pressesBegan` nor `pressesEnded`
/// sees it.
///
/// While a text field or text view is first responder, typing keys (no Control or Command
/// held) go to the text, not to commands, unless the command `wantsPriorityOverSystemBehavior`
/// (UIKit's rule since iOS 15).
@MainActor
public final class KeyCommand {
    /// The characters the key types (lowercase "s" for the S key, whatever Shift says), or
    /// one of the `input…` constants for keys that type nothing.
    public let input: String
    /// The modifiers that must be held, exactly (UIKit's match).
    public let modifierFlags: Press.ModifierFlags
    /// Sent to the responder chain from the responder that listed the command.
    public let action: Selector?
    /// The command's name in menus and help (UIKit's `title`).
    public var title: String
    /// UIKit's `discoverabilityTitle`: the longer name a help overlay shows.
    public var discoverabilityTitle: String?
    /// Taken before a text field's own handling of the key (UIKit's property).
    public var wantsPriorityOverSystemBehavior = false
    /// Runs instead of `action` when given (Bezel's closure form, as `Action` is for controls).
    let handler: (@MainActor (KeyCommand) -> Void)?

    public init(title: String = "", action: Selector, input: String, modifierFlags: Press.ModifierFlags = []) {
        self.title = title
        self.action = action
        self.input = input
        self.modifierFlags = modifierFlags
        handler = nil
    }

    public init(title: String = "", input: String, modifierFlags: Press.ModifierFlags = [], handler: @escaping @MainActor (KeyCommand) -> Void) {
        self.title = title
        self.action = nil
        self.input = input
        self.modifierFlags = modifierFlags
        self.handler = handler
    }

    // UIKit's input constants for keys that type nothing (its strings, so an app's tables read
    // the same).
    public static let inputEscape = "\u{1B}"
    public static let inputReturn = "\r"
    public static let inputTab = "\t"
    public static let inputBackspace = "\u{8}"
    public static let inputUpArrow = "UIKeyInputUpArrow"
    public static let inputDownArrow = "UIKeyInputDownArrow"
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    public static let inputRightArrow = "UIKeyInputRightArrow"
    public static let inputPageUp = "UIKeyInputPageUp"
    public static let inputPageDown = "UIKeyInputPageDown"
    public static let inputHome = "UIKeyInputHome"
    public static let inputEnd = "UIKeyInputEnd"
    public static let inputDelete = "UIKeyInputDelete"

    /// The input a key gives: the constant for a named key, else its characters in lowercase
    /// (the letter for a backend without a keymap).
    static func input(of key: Press.Key) -> String? {
        switch key {
        case .escape: return inputEscape
        case .enter, .keypadEnter: return inputReturn
        case .tab: return inputTab
        case .backspace: return inputBackspace
        case .upArrow: return inputUpArrow
        case .downArrow: return inputDownArrow
        case .leftArrow: return inputLeftArrow
        case .rightArrow: return inputRightArrow
        case .pageUp: return inputPageUp
        case .pageDown: return inputPageDown
        case .home: return inputHome
        case .end: return inputEnd
        case .delete: return inputDelete
        default: return key.characters.isEmpty ? nil : key.characters.lowercased()
        }
    }

    /// Whether a press of `key` with `modifiers` held runs this command.
    func matches(_ key: Press.Key, modifiers: Press.ModifierFlags) -> Bool {
        modifierFlags == modifiers && Self.input(of: key) == input.lowercased()
    }
}

extension Application {
    /// The key window's root controller, or the one presented last over it.
    var topPresentedController: ViewController? {
        var top = keyWindow?.rootViewController
        while let presented = top?.presentedViewController, presented !== top { top = presented }
        return top
    }

    /// Where the search for key commands starts: the first responder, unless a presented
    /// controller is on top and the first responder is not inside it (then that controller).
    /// Without a first responder: the controller on screen (the top of a navigation stack,
    /// a tab bar's selected tab, what is presented), so a screen's commands work untouched.
    func keyCommandStart() -> Responder? {
        var top = topPresentedController
        if let top, top.presentingViewController != nil, let firstResponder {
            if let view = (firstResponder as? View) ?? (firstResponder as? ViewController)?.viewIfLoaded,
               let topView = top.viewIfLoaded, view.isDescendant(of: topView) { return firstResponder }
            return top
        }
        if let firstResponder { return firstResponder }
        while let container = top {
            if let navigation = container as? NavigationController, let shown = navigation.topViewController {
                top = shown
            } else if let tabs = container as? TabBarController, let shown = tabs.selectedViewController {
                top = shown
            } else {
                break
            }
        }
        return top ?? keyWindow
    }

    /// Runs the first command matching `press` along the chain; true when one ran.
    func performKeyCommand(for press: Press) -> Bool {
        // A menu that is up takes the keys it knows first (Menus/MenuView.swift).
        if let presentedMenu, presentedMenu.handleKey(press.key) { return true }
        guard let start = keyCommandStart() else { return false }
        let typing = start is TextInput && press.modifierFlags.isDisjoint(with: [.control, .command])
        var responder: Responder? = start
        while let current = responder {
            for command in current.keyCommands ?? [] where command.matches(press.key, modifiers: press.modifierFlags) {
                if typing && !command.wantsPriorityOverSystemBehavior { continue }
                tracer.log(.presses, "key command \(command.title.isEmpty ? command.input.debugDescription : command.title) of \(current.debugName)")
                if let handler = command.handler {
                    handler(command)
                } else if let action = command.action {
                    sendAction(action, to: current.target(forAction: action, withSender: command), from: command, for: nil)
                }
                return true
            }
            responder = current.next
        }
        return false
    }
}

/// UIKit's `UIMenuElement`: what a menu holds, an `Action` to choose or a `Menu` of more
/// elements (a submenu, or an inline group).
@MainActor
open class MenuElement {
    /// The title shown in the menu's row.
    public var title: String
    /// A second line under the title (UIKit's `subtitle`, iOS 15).
    public var subtitle: String?
    /// Drawn at the row's trailing edge, as a template in the row's text colour.
    public var image: Image?

    /// UIKit's `UIMenuElement.State`: a checkmark in front of the title when `.on`, a dash
    /// when `.mixed`.
    public enum State: Sendable, Hashable { case off, on, mixed }

    init(title: String, subtitle: String?, image: Image?) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
}

/// UIKit's `UIAction`: a menu item that runs its handler when chosen.
@MainActor
public final class Action: MenuElement {
    /// UIKit's `UIMenuElement.Attributes`.
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Drawn in red: it deletes or ends something.
        public static let destructive = Attributes(rawValue: 1 << 0)
        /// Drawn dimmed and cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 1)
        /// Not shown at all.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Choosing it leaves the menu open (iOS 16).
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// A stable name for tests and the audit: the row's `name` (`AppHarness.tap(named:)`).
    public var identifier: String?
    public var attributes: Attributes
    /// Whether it shows a checkmark; a single-selection menu keeps one of its actions `.on`.
    public var state: State
    /// Runs when the action is chosen, after the menu began to close.
    public let handler: @MainActor (Action) -> Void
    /// The control whose menu the action was chosen from, while its handler runs (UIKit's
    /// `sender`); nil otherwise.
    public internal(set) weak var sender: AnyObject?

    public init(title: String = "", subtitle: String? = nil, image: Image? = nil, identifier: String? = nil,
                attributes: Attributes = [], state: State = .off, handler: @escaping @MainActor (Action) -> Void) {
        self.identifier = identifier
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, subtitle: subtitle, image: image)
    }
}

/// UIKit's `UIMenu`: a titled list of actions and submenus, shown by a button (`Button.menu`)
/// or a bar-button item (`BarButtonItem.menu`).
@MainActor
public final class Menu: MenuElement {
    /// UIKit's `UIMenu.Options`.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Its children are shown in the parent menu, set apart by a wider separator, instead
        /// of behind a row that opens a submenu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// The submenu's row is drawn in red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// One of its actions is `.on` at a time: choosing one turns the others off (iOS 15).
        public static let singleSelection = Options(rawValue: 1 << 5)
    }

    public var identifier: String?
    public let options: Options
    public let children: [MenuElement]

    public init(title: String = "", subtitle: String? = nil, image: Image? = nil, identifier: String? = nil,
                options: Options = [], children: [MenuElement] = []) {
        self.identifier = identifier
        self.options = options
        self.children = children
        super.init(title: title, subtitle: subtitle, image: image)
    }

    /// A copy with other children, the rest kept (UIKit's `replacingChildren(_:)`).
    public func replacingChildren(_ newChildren: [MenuElement]) -> Menu {
        Menu(title: title, subtitle: subtitle, image: image, identifier: identifier, options: options, children: newChildren)
    }

    /// The actions shown in this menu and its inline groups, in order (submenus' not).
    var shownActions: [Action] {
        children.flatMap { element -> [Action] in
            if let action = element as? Action { return action.attributes.contains(.hidden) ? [] : [action] }
            if let menu = element as? Menu, menu.options.contains(.displayInline) { return menu.shownActions }
            return []
        }
    }

    /// Every action in this menu and below it, inline or not.
    var allActions: [Action] {
        children.flatMap { element -> [Action] in
            if let action = element as? Action { return [action] }
            return (element as? Menu)?.allActions ?? []
        }
    }

    /// `action` was chosen in a single-selection menu (this one or one it is inline in): it
    /// turns on and its siblings under that menu off.
    func applySingleSelection(choosing action: Action) {
        if options.contains(.singleSelection), allActions.contains(where: { $0 === action }) {
            for other in allActions { other.state = other === action ? .on : .off }
            return
        }
        for case let menu as Menu in children { menu.applySingleSelection(choosing: action) }
    }
}

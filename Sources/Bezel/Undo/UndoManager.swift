/// Foundation's `UndoManager` as UIKit apps use it: actions registered while a change is
/// made are undone in reverse order; what an undo registers is the redo, and the other way
/// round. Registrations outside an explicit group are each a group of their own (Bezel has
/// no run-loop pass grouping; `beginUndoGrouping`/`endUndoGrouping` make one).
///
/// Every window has one (`Responder.undoManager` walks the chain to it, as UIKit's does);
/// text fields and views register their edits with it (typing coalesced into one "Typing"
/// step), and Ctrl+Z / Ctrl+Shift+Z or a shake (`Application.applicationSupportsShakeToEdit`)
/// undo and redo them.
@MainActor
public final class UndoManager {
    /// One step: its actions in the order registered, and its name.
    private struct Group {
        var actions: [(target: ObjectIdentifier, run: @MainActor () -> Void)] = []
        var name = ""
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// The group being filled by `beginUndoGrouping` (nesting counted), or by an undo/redo.
    private var openGroup: Group?
    private var groupDepth = 0

    /// The most steps kept (the oldest go first); 0 keeps all. Bezel's default: 100 (a
    /// kiosk's forms are short; Foundation's 0 would keep a whole day of typing).
    public var levelsOfUndo = 100 {
        didSet { trim() }
    }
    public private(set) var isUndoing = false
    public private(set) var isRedoing = false
    /// While false, registrations are dropped (Foundation's `disableUndoRegistration`).
    public private(set) var isUndoRegistrationEnabled = true
    private var disabledCount = 0

    public init() {}

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }
    /// The name of the step `undo()` would take back ("Typing"), "" when unnamed.
    public var undoActionName: String { undoStack.last?.name ?? "" }
    public var redoActionName: String { redoStack.last?.name ?? "" }

    /// Registers `handler` to run on `target` when this change is undone (or redone).
    public func registerUndo<Target: AnyObject>(withTarget target: Target, handler: @escaping @MainActor (Target) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        let action: @MainActor () -> Void = { [weak target] in if let target { handler(target) } }
        let entry = (target: ObjectIdentifier(target), run: action)
        if openGroup != nil {
            openGroup?.actions.append(entry)
        } else {
            push(Group(actions: [entry]))
        }
    }

    /// Names the step being registered (the open group, else the last one).
    public func setActionName(_ name: String) {
        if openGroup != nil {
            openGroup?.name = name
        } else if isUndoing, !redoStack.isEmpty {
            redoStack[redoStack.count - 1].name = name
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].name = name
        }
    }

    public func beginUndoGrouping() {
        if groupDepth == 0 { openGroup = Group() }
        groupDepth += 1
    }

    public func endUndoGrouping() {
        guard groupDepth > 0 else {
            Diagnostics.report(.apiMisuse, "UndoManager.endUndoGrouping without beginUndoGrouping; ignored")
            return
        }
        groupDepth -= 1
        guard groupDepth == 0, let group = openGroup else { return }
        openGroup = nil
        if !group.actions.isEmpty { push(group) }
    }

    public func disableUndoRegistration() {
        disabledCount += 1
        isUndoRegistrationEnabled = false
    }

    public func enableUndoRegistration() {
        disabledCount = max(0, disabledCount - 1)
        isUndoRegistrationEnabled = disabledCount == 0
    }

    /// Takes back the last step; its actions register the redo.
    public func undo() {
        guard groupDepth == 0, !isUndoing, !isRedoing, let group = undoStack.popLast() else { return }
        isUndoing = true
        run(group)
        isUndoing = false
    }

    /// Does again the last step undone.
    public func redo() {
        guard groupDepth == 0, !isUndoing, !isRedoing, let group = redoStack.popLast() else { return }
        isRedoing = true
        run(group)
        isRedoing = false
    }

    /// Runs a group's actions last first, collecting what they register into one step with
    /// the same name.
    private func run(_ group: Group) {
        openGroup = Group(name: group.name)
        for action in group.actions.reversed() { action.run() }
        let inverse = openGroup
        openGroup = nil
        if let inverse, !inverse.actions.isEmpty { push(inverse) }
    }

    /// A new step: on the redo stack while undoing, else on the undo stack (a new change, not
    /// a redo, forgets what could be redone).
    private func push(_ group: Group) {
        if isUndoing {
            redoStack.append(group)
        } else {
            undoStack.append(group)
            if !isRedoing { redoStack.removeAll() }
            trim()
        }
    }

    private func trim() {
        if levelsOfUndo > 0, undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    }

    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
    }

    /// Forgets every action registered for `target` (a text field that stopped editing).
    public func removeAllActions(withTarget target: AnyObject) {
        let id = ObjectIdentifier(target)
        func strip(_ stack: inout [Group]) {
            stack = stack.compactMap { group in
                var group = group
                group.actions.removeAll { $0.target == id }
                return group.actions.isEmpty ? nil : group
            }
        }
        strip(&undoStack)
        strip(&redoStack)
    }
}

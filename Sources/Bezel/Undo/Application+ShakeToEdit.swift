extension Application {
    /// The end of the responder chain heard a shake nobody handled: with
    /// `applicationSupportsShakeToEdit`, UIKit's undo alert for the first responder's undo
    /// manager ("Undo Typing": Cancel, Redo, Undo; only what can be done is offered), on the
    /// key window's top controller. Nothing to undo or redo: nothing shown.
    func offerShakeToEdit() {
        guard applicationSupportsShakeToEdit, let manager = (firstResponder ?? keyWindow)?.undoManager,
              manager.canUndo || manager.canRedo else { return }
        guard let top = topPresentedController, !(top is AlertController) else { return }
        let language = top.viewIfLoaded?.language
        func named(_ format: String, _ action: String) -> String {
            let name = action.isEmpty ? "" : Localization.bezelString(action, language: language)
            let template = Localization.bezelString(format, language: language)
            return name.isEmpty ? Localization.bezelString(format == "Undo %@" ? "Undo" : "Redo", language: language)
                                : template.replacingFirst("%@", with: name)
        }
        let title = manager.canUndo ? named("Undo %@", manager.undoActionName) : named("Redo %@", manager.redoActionName)
        let alert = AlertController(title: title, message: nil, preferredStyle: .alert)
        alert.addAction(AlertAction(title: Localization.bezelString("Cancel", language: language), style: .cancel))
        if manager.canRedo {
            alert.addAction(AlertAction(title: Localization.bezelString("Redo", language: language), style: .default) { [weak manager] _ in manager?.redo() })
        }
        if manager.canUndo {
            let undo = AlertAction(title: Localization.bezelString("Undo", language: language), style: .default) { [weak manager] _ in manager?.undo() }
            alert.addAction(undo)
            alert.preferredAction = undo
        }
        top.present(alert, animated: true)
    }
}

extension String {
    /// The string with its first `target` replaced (no Foundation in the core).
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}

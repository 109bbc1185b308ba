import Bezel

/// The form screen: a name, an e-mail address, a 4-digit staff PIN (number pad, secure entry,
/// digits only, at most 4) and a multi-line note, in a scroll view that moves the focused
/// field out from under the keyboard (UIKit's keyboard notifications). Return moves to the
/// next field; Save ends editing and reports what was entered. Under Save, a wheel picks how
/// many cups (issue 33's `PickerView`); Save casts a soft layer shadow.
@MainActor
public final class FormViewController: ViewController, TextFieldDelegate, PickerViewDataSource, PickerViewDelegate {
    public let scrollView = ScrollView()
    public let nameField = TextField()
    public let emailField = TextField()
    public let pinField = TextField()
    public let noteView = TextView()
    public let saveButton = Button()
    public let status = Label()
    /// How many cups: 1 to 12, on a wheel under Save.
    public let cupsPicker = PickerView()
    static let cupChoices = 12
    /// What the screen reports (a field focused, the keyboard up or down, a form saved), for the log.
    var onReport: ((String) -> Void)?
    private var observers: [NotificationCenter.ObserverToken] = []

    /// The PIN's length (a staff PIN of 4 digits).
    static let pinLength = 4

    public override init() {
        super.init()
        localizedTitle = "Form"
    }

    public override func viewDidLoad() {
        view.backgroundColor = DemoTheme.background
        view.name = "form"
        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.alwaysBounceVertical = true
        scrollView.name = "formScroll"
        view.addSubview(scrollView)
        let rows: [(LocalizedStringResource, View, Double, Double)] = [("Name", nameField, 20, 44), ("E-mail", emailField, 80, 44),
                                                                       ("Staff PIN", pinField, 140, 44), ("Note", noteView, 200, 100)]
        // Laid out with constraints (issue 30) on the scroll view's content layout guide: the
        // content as wide as the scroll view, as high as its last line; the fields reach to
        // 20 points before Save (420 wide on an 800-point panel), Save and the status line
        // keep 40 points from the right.
        let content = scrollView.contentLayoutGuide
        var constraints = [content.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor)]
        for (title, field, y, height) in rows {
            let label = DemoTheme.localizedLabel(title, frame: .zero, size: 20)
            field.name = String(title.key)
            for view in [label, field] {
                view.translatesAutoresizingMaskIntoConstraints = false
                scrollView.addSubview(view)
            }
            constraints += [
                label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 24),
                label.topAnchor.constraint(equalTo: content.topAnchor, constant: y),
                label.widthAnchor.constraint(equalToConstant: 150), label.heightAnchor.constraint(equalToConstant: 44),
                field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 6),
                field.topAnchor.constraint(equalTo: label.topAnchor),
                field.trailingAnchor.constraint(equalTo: saveButton.leadingAnchor, constant: -20),
                field.heightAnchor.constraint(equalToConstant: height),
            ]
        }
        for field in [nameField, emailField, pinField] {
            field.borderStyle = .roundedRect
            field.clearButtonMode = .whileEditing
            field.delegate = self
            field.style = TextStyle(size: 20)
            field.returnKeyType = .next
            field.addAction(for: .editingDidBegin) { [weak self] control, _ in self?.onReport?("editing \(control.name ?? "?")") }
        }
        nameField.localizedPlaceholder = "Your name"
        nameField.autocapitalizationType = .words
        emailField.placeholder = "name@example.com"
        emailField.keyboardType = .emailAddress
        emailField.autocapitalizationType = .none
        pinField.localizedPlaceholder = "\(Self.pinLength) digits"
        pinField.keyboardType = .numberPad
        pinField.isSecureTextEntry = true
        pinField.returnKeyType = .done
        noteView.cornerRadius = 5
        noteView.accessibilityLabel = String(localized: "Note")
        noteView.style = TextStyle(size: 18, numberOfLines: 0, truncation: .none)
        saveButton.translatesAutoresizingMaskIntoConstraints = false
        saveButton.localizedTitle = "Save"
        saveButton.name = "save"
        saveButton.backgroundColor = DemoTheme.accent
        saveButton.cornerRadius = 8
        saveButton.setTitleColor(.white, for: .normal)
        saveButton.addAction(for: .touchUpInside) { [weak self] _, _ in self?.save() }
        scrollView.addSubview(saveButton)
        saveButton.shadowOpacity = 0.25
        saveButton.shadowOffset = Size(width: 0, height: 2)
        saveButton.shadowRadius = 3
        cupsPicker.translatesAutoresizingMaskIntoConstraints = false
        cupsPicker.name = "cups"
        cupsPicker.accessibilityLabel = String(localized: "Cups")
        cupsPicker.dataSource = self
        cupsPicker.delegate = self
        scrollView.addSubview(cupsPicker)
        status.translatesAutoresizingMaskIntoConstraints = false
        status.style = TextStyle(size: 18, color: DemoTheme.secondaryText)
        status.name = "status"
        scrollView.addSubview(status)
        constraints += [
            saveButton.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -40),
            saveButton.topAnchor.constraint(equalTo: content.topAnchor, constant: 20),
            saveButton.widthAnchor.constraint(equalToConstant: 140), saveButton.heightAnchor.constraint(equalToConstant: 44),
            // The wheel in the column under Save, down to the status line.
            cupsPicker.leadingAnchor.constraint(equalTo: saveButton.leadingAnchor),
            cupsPicker.trailingAnchor.constraint(equalTo: saveButton.trailingAnchor),
            cupsPicker.topAnchor.constraint(equalTo: saveButton.bottomAnchor, constant: 12),
            cupsPicker.bottomAnchor.constraint(equalTo: status.topAnchor, constant: -6),
            status.leadingAnchor.constraint(equalTo: nameField.leadingAnchor),
            status.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -40),
            status.topAnchor.constraint(equalTo: content.topAnchor, constant: 310),
            status.heightAnchor.constraint(equalToConstant: 44),
            content.bottomAnchor.constraint(equalTo: status.bottomAnchor, constant: 6),
        ]
        LayoutConstraint.activate(constraints)
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard observers.isEmpty, let center = view.window?.application?.notificationCenter else { return }
        // Keyboard avoidance: the scroll view's content ends above the keyboard, and the
        // focused field is scrolled into view, in step with the keyboard's slide.
        observers.append(center.addObserver(forName: Responder.keyboardWillShowNotification) { [weak self] note in
            guard let self, let frame = note.userInfo[Responder.keyboardFrameEndUserInfoKey] as? Rect,
                  let window = self.view.window else { return }
            let bottom = self.scrollView.convert(self.scrollView.bounds, to: window).maxY
            self.scrollView.contentInset.bottom = max(0, bottom - frame.minY)
            if let focused = window.application?.firstResponder as? View, focused.isDescendant(of: self.scrollView) {
                self.scrollView.scrollRectToVisible(focused.frame.insetBy(dx: 0, dy: -8), animated: true)
            }
        })
        observers.append(center.addObserver(forName: Responder.keyboardWillHideNotification) { [weak self] _ in
            guard let self else { return }
            self.scrollView.contentInset.bottom = 0
            self.scrollView.setContentOffset(self.scrollView.minimumContentOffset, animated: true)
        })
        // The log says when the keyboard has finished sliding (the VM scenario waits for it).
        observers.append(center.addObserver(forName: Responder.keyboardDidShowNotification) { [weak self] _ in self?.onReport?("keyboard shown") })
        observers.append(center.addObserver(forName: Responder.keyboardDidHideNotification) { [weak self] _ in self?.onReport?("keyboard hidden") })
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        view.window?.endEditing(true)
        for observer in observers { view.window?.application?.notificationCenter.removeObserver(observer) }
        observers.removeAll()
    }

    /// Ends editing and reports the form.
    public func save() {
        view.window?.endEditing(true)
        let pin = (pinField.text ?? "").count == Self.pinLength ? "PIN set" : "no PIN"
        let line = "Saved \(nameField.text ?? "") <\(emailField.text ?? "")>, \(pin), note of \(noteView.text.count) characters"
        status.text = line
        onReport?(line)
    }

    // MARK: The cups wheel

    public func numberOfComponents(in pickerView: PickerView) -> Int { 1 }
    public func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int { Self.cupChoices }
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        String(localized: "\(row + 1) cups")
    }
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
        onReport?("cups \(row + 1)")
    }

    // MARK: TextFieldDelegate

    /// The PIN takes digits only, at most four.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>, replacementString string: String) -> Bool {
        guard textField === pinField else { return true }
        var result = textField.text ?? ""
        result.replaceSubrange(range, with: string)
        return string.allSatisfy(\.isNumber) && result.count <= Self.pinLength
    }

    /// Return moves to the next field; on the PIN it closes the keyboard.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool {
        if textField === nameField {
            emailField.becomeFirstResponder()
        } else if textField === emailField {
            pinField.becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
        }
        return false
    }
}

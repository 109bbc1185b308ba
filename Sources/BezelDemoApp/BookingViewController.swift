import Bezel

/// "Book a table" (the home screen's menu, issue 33's demo): a form sheet with two date
/// pickers side by side, as an 800 x 480 panel has room for them: the day on the inline
/// calendar, the time on wheels (quarter hours), both from now to four weeks on; and a filled
/// `Button.Configuration` that books it.
@MainActor
public final class BookingViewController: ViewController {
    public let picker = DatePicker()
    public let timePicker = DatePicker()
    public private(set) var bookButton = Button(configuration: .filled())
    var onReport: ((String) -> Void)?
    /// Now, in seconds since 1970 (the demo's clock; tests give their own).
    let now: Double
    /// Four weeks: how far ahead a table can be booked.
    static let horizon = 28.0 * 86400

    public init(now: Double) {
        self.now = now
        super.init()
        localizedTitle = "Book a table"
        modalPresentationStyle = .formSheet
        preferredContentSize = Size(width: 620, height: 400)
    }

    public override func viewDidLoad() {
        view.name = "booking"
        view.backgroundColor = .systemGroupedBackground
        let title = Label()
        title.localizedText = "Book a table"
        title.style = TextStyle(size: 22, weight: .bold, color: .label, alignment: .center)
        picker.name = "bookingDate"
        picker.datePickerMode = .date
        picker.preferredDatePickerStyle = .inline
        timePicker.name = "bookingTime"
        timePicker.datePickerMode = .time
        timePicker.preferredDatePickerStyle = .wheels
        for part in [picker, timePicker] {
            part.minuteInterval = 15
            part.minimumDate = now
            part.maximumDate = now + Self.horizon
            part.date = now + 86400
            part.accessibilityLabel = String(localized: "Book a table")
        }
        // One moment, two views of it: each keeps the other's part.
        picker.addAction(for: .valueChanged) { [weak self] _, _ in self.map { $0.timePicker.date = $0.picker.date } }
        timePicker.addAction(for: .valueChanged) { [weak self] _, _ in self.map { $0.picker.date = $0.timePicker.date } }
        var book = Button.Configuration.filled()
        book.title = String(localized: "Book")
        book.buttonSize = .large
        book.cornerStyle = .capsule
        bookButton.configuration = book
        bookButton.name = "book"
        bookButton.addAction(for: .primaryActionTriggered) { [weak self] _, _ in self?.book() }
        for subview in [title, picker, timePicker, bookButton] as [View] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: view.topAnchor, constant: 16),
            title.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            picker.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            picker.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 12),
            picker.widthAnchor.constraint(equalToConstant: 320),
            picker.heightAnchor.constraint(equalToConstant: picker.intrinsicContentSize.height),
            timePicker.topAnchor.constraint(equalTo: picker.topAnchor, constant: 20),
            timePicker.leadingAnchor.constraint(equalTo: picker.trailingAnchor, constant: 12),
            timePicker.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -12),
            timePicker.heightAnchor.constraint(equalToConstant: 216),
            bookButton.topAnchor.constraint(equalTo: timePicker.bottomAnchor, constant: 16),
            bookButton.centerXAnchor.constraint(equalTo: timePicker.centerXAnchor),
        ])
    }

    private func book() {
        onReport?("booked \(DateFormatStyle(date: .abbreviated, time: .shortened, timeZone: picker.timeZone).format(secondsSince1970: picker.date))")
        dismiss(animated: true)
    }
}

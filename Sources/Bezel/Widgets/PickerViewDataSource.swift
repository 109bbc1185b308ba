/// UIKit's `UIPickerViewDataSource`: how many wheels (components) and rows.
@MainActor
public protocol PickerViewDataSource: AnyObject {
    func numberOfComponents(in pickerView: PickerView) -> Int
    func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int
}

/// UIKit's `UIPickerViewDelegate`: the rows' titles, the wheels' sizes, and the row chosen.
/// Every method has a default (no title, equal widths, 44-pt rows, nothing told).
@MainActor
public protocol PickerViewDelegate: AnyObject {
    func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String?
    /// Told when a wheel the user turned (a drag, a fling, a tap on a row, the spoken mode's
    /// adjust) comes to rest on a new row; not for `selectRow(_:inComponent:animated:)`.
    func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int)
    func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double?
    func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double?
}

extension PickerViewDelegate {
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    public func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {}
    public func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double? { nil }
    public func pickerView(_ pickerView: PickerView, rowHeightForComponent component: Int) -> Double? { nil }
}

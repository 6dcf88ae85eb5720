import LinuxSupport

extension LocalTimeText {
    /// A month's name in the person's language, for the sentences around it ("Yearly on 3 May",
    /// "day must be 1-30 in April 2027").
    package static func monthName(_ month: Int) -> String {
        switch month {
        case 1: tr("January")
        case 2: tr("February")
        case 3: tr("March")
        case 4: tr("April")
        case 5: tr("May")
        case 6: tr("June")
        case 7: tr("July")
        case 8: tr("August")
        case 9: tr("September")
        case 10: tr("October")
        case 11: tr("November")
        default: tr("December")
        }
    }
}

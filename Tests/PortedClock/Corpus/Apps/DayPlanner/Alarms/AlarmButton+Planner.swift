// Written for the porting corpus, in the shape of jihoonahn/withDay
// Projects/Core/AlarmSchedulesCore/Sources/Extensions/AlamButton.swift (studied at
// 7d2f9c9b1da5bfb9aa18c0a0bc6781fef19d30c5): the app's buttons as presets on AlarmButton,
// `static var ...: Self`.
import AlarmKit

extension AlarmButton {
    static var plannerOpen: Self {
        AlarmButton(text: "Open", textColor: .black, systemImageName: "sun.max")
    }

    static var plannerPause: Self {
        AlarmButton(text: "Pause", textColor: .gray, systemImageName: "pause.circle")
    }

    static var plannerResume: Self {
        AlarmButton(text: "Resume", textColor: .black, systemImageName: "play.fill")
    }

    static var plannerDone: Self {
        AlarmButton(text: "Done", textColor: .white, systemImageName: "checkmark.circle")
    }
}

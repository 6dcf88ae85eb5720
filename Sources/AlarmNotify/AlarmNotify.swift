// AlarmNotify: see DESIGN.md

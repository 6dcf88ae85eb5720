// AlarmStore: see DESIGN.md

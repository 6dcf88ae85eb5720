// AlarmAudio: see DESIGN.md

// AlarmDaemon: see DESIGN.md

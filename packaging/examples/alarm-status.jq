# Turns `alarmctl watch --json` into one status-bar line per change.
#   waybar:  alarmctl watch --json | jq --unbuffered -c -f alarm-status.jq
#   polybar: alarmctl watch --json | jq --unbuffered -r -f alarm-status.jq --arg format text
# Output for waybar: {"text": ..., "tooltip": ..., "class": "ringing"|"countdown"|"paused"|"scheduled"|"idle"}
def clock: localtime | strftime("%H:%M:%S");
def day: localtime | strftime("%a %H:%M");
select(.event == "alarms")
| .alarms as $all
| ($all | map(select(.state == "alerting"))) as $ringing
| ($all | map(select(.state == "countdown")) | sort_by(.fireDate)) as $counting
| ($all | map(select(.state == "paused"))) as $paused
| ($all | map(select(.state == "scheduled")) | sort_by(.fireDate)) as $next
| if ($ringing | length) > 0 then {text: ("⏰ " + ($ringing | map(.title) | join(", "))), class: "ringing"}
  elif ($counting | length) > 0 then {text: ("⏳ " + $counting[0].title + " " + ($counting[0].fireDate | clock)), class: "countdown"}
  elif ($paused | length) > 0 then {text: ("⏸ " + $paused[0].title), class: "paused"}
  elif ($next | length) > 0 then {text: ("⏰ " + ($next[0].fireDate | day)), class: "scheduled"}
  else {text: "", class: "idle"} end
| .tooltip = ($all | map(.title + ": " + .state) | join("\n"))
| if $ARGS.named.format == "text" then .text else . end

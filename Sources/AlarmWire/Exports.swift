// Messages carry the model's values (records, alarm ids, states): whoever reads or writes the
// protocol handles both.
@_exported import AlarmModel

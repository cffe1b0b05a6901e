"""The playout engine and the opponent it imagines: fast playouts of a hand to its end
(:mod:`~gin_teach.playouts.playout`), the opponent model (:mod:`~gin_teach.playouts.opponent`)
and the table a bot sees (:mod:`~gin_teach.playouts.table_view`)."""

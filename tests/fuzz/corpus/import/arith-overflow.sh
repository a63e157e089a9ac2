x=$((9223372036854775807 * 9))
y=$((-9223372036854775807 - 9))
z=$((------------------------------1))
python3 -m verl.trainer.main_ppo data.train_batch_size=$x trainer.nnodes=$y actor_rollout_ref.rollout.n=$z

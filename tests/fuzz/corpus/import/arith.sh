python3 -m verl.trainer.main_ppo data.train_batch_size=$((1/0)) actor_rollout_ref.rollout.n=$(((((((2))))))) trainer.nnodes=${N:-x}

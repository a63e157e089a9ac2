torchrun --nproc-per-node=8 --nnodes=2:6 pretrain_gpt.py --tensor-model-parallel-size 2 --num-layers 32 --micro-batch-size 1

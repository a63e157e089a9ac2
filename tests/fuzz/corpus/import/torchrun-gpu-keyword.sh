torchrun --nproc_per_node gpu --nnodes $NODES pretrain_gpt.py --num-layers 2 --hidden-size 64 --num-attention-heads 4 --micro-batch-size 1

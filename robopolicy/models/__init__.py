"""Networks the policies are built from (plain torch).

Encoders: ``state_encoder.StateEncoder`` (MLP), ``image_encoder.ResNetImageEncoder`` (ResNet-18 layout, GroupNorm,
random/center crop), ``language`` (frozen sentence encoders by name, cached per instruction),
``observation_encoder.ObservationEncoder`` (per-key encoders over the history -> one vector) and
``token_encoder.ObservationTokenEncoder`` (tokens -> ``transformer.TokenTransformer``, for the VLA).
Trunks: ``unet1d.ConditionalUnet1D`` (FiLM-conditioned 1-D U-Net over the action chunk).
"""

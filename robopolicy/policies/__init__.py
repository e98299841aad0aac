"""Policies: the three-tier protocol, the diffusion / flow / VLA policies, the MLP baseline and their registry.

``build_policy(name, cfg, spec, normalizer)`` builds any of ``POLICIES``; ``robopolicy.load_policy(path)``
loads a checkpoint. Submodules import on first use (torch and diffusers are heavy).
"""

"""ragjudge: is a RAG system's answer grounded in the documents it retrieved?"""

__version__ = "0.1.0"

"""A real stdio MCP server written with the Python MCP SDK, for the tests of what
a server may ask EVA during a tool call: `details` asks the user a question
(ctx.elicit), `summarize` asks the user's model for an answer
(ctx.session.create_message). Each tool says in its result what it got."""

from pydantic import BaseModel, Field

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import SamplingMessage, TextContent

server = MCPServer("py-ask")


class Details(BaseModel):
    name: str = Field(description="Your name")
    age: int = Field(description="Your age", ge=0, le=150)
    subscribe: bool = Field(default=False, description="Send news?")


@server.tool()
async def details(ctx: Context) -> str:
    """Asks the user for their name and age."""
    result = await ctx.elicit("Who are you?", Details)
    if result.action == "accept":
        data = result.data
        return f"accepted: name={data.name} age={data.age} subscribe={data.subscribe}"
    return f"the user chose {result.action}"


@server.tool()
async def summarize(text: str, ctx: Context) -> str:
    """Asks the user's model to summarize a text."""
    try:
        result = await ctx.session.create_message(
            messages=[SamplingMessage(role="user", content=TextContent(type="text", text=f"Summarize: {text}"))],
            max_tokens=64,
            system_prompt="You summarize.",
        )
    except Exception as error:  # the refusal is what the test reads
        return f"sampling failed: {error}"
    content = result.content
    return f"model {result.model} said: {content.text if content.type == 'text' else content.type}"


if __name__ == "__main__":
    server.run("stdio")

// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The standard token of seed §9: name, symbol, decimals and the whole supply minted to the deployer.
/// The dev chain deploys it as its USDT (6 decimals); tests also deploy an 18-decimals one like BSC's.
/// Every refusal has its own revert reason so a test (and an operator reading a failed transaction)
/// can tell which rule stopped it.
contract Token {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        totalSupply = supply_;
        balanceOf[msg.sender] = supply_;
        emit Transfer(address(0), msg.sender, supply_);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "Token: transfer amount exceeds allowance");
        _transfer(from, to, value);
        _approve(from, msg.sender, allowed - value);
        return true;
    }

    function increaseAllowance(address spender, uint256 added) external returns (bool) {
        _approve(msg.sender, spender, allowance[msg.sender][spender] + added);
        return true;
    }

    function decreaseAllowance(address spender, uint256 subtracted) external returns (bool) {
        uint256 current = allowance[msg.sender][spender];
        require(current >= subtracted, "Token: decreased allowance below zero");
        _approve(msg.sender, spender, current - subtracted);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "Token: transfer to the zero address");
        uint256 held = balanceOf[from];
        require(held >= value, "Token: transfer amount exceeds balance");
        balanceOf[from] = held - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _approve(address owner, address spender, uint256 value) private {
        require(spender != address(0), "Token: approve to the zero address");
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }
}
